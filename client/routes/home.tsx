import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../lib/api.ts";

interface MeResponse {
  user: { username: string };
}

export function HomePage() {
  const { t } = useTranslation();
  const me = useQuery({ queryKey: ["me"], queryFn: () => api<MeResponse>("/auth/me") });
  return (
    <main className="page">
      <h1>{t("app_name")}</h1>
      <p>{t("home_tagline")}</p>
      <p className="muted">{me.data ? t("logged_in_as", { username: me.data.user.username }) : t("visitor")}</p>
    </main>
  );
}
