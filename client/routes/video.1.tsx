import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon.tsx";

export const Route = createFileRoute("/video/1")({ component: DemoVideoScreen });

function DemoVideoScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_demo_video")} />;
}
