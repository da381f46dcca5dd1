import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon.tsx";

export const Route = createFileRoute("/how-to-stream")({ component: HowToStreamScreen });

function HowToStreamScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_how_to_stream")} />;
}
