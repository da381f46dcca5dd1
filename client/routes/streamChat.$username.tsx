import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon.tsx";

export const Route = createFileRoute("/streamChat/$username")({ component: StreamChatScreen });

function StreamChatScreen() {
  const { t } = useTranslation();
  return <ComingSoon screen={t("screen_stream_chat")} />;
}
