import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon.tsx";

export const Route = createFileRoute("/reset-password")({ component: ResetPasswordScreen });

function ResetPasswordScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_reset_password")} />;
}
