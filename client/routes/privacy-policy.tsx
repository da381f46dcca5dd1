import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon.tsx";

export const Route = createFileRoute("/privacy-policy")({ component: PrivacyPolicyScreen });

function PrivacyPolicyScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_privacy_policy")} />;
}
