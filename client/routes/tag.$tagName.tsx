import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon.tsx";

export const Route = createFileRoute("/tag/$tagName")({ component: TagScreen });

function TagScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_tag")} />;
}
