import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon.tsx";

export const Route = createFileRoute("/new-password/$token")({ component: NewPasswordScreen });

function NewPasswordScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_new_password")} />;
}
