import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useOverlayChannel } from "../api/overlays.ts";
import { OverlayGone, OverlayPage } from "./overlay-page.tsx";
import "../../../i18n/screens/overlays.ts";

/** /overlay/{secret}/chat: the channel's chat on a transparent page; `lines` draws it from the channel's chat room. */
export function ChatOverlay({ secret, lang, lines }: { secret: string; lang?: string; lines: (streamID: string) => ReactNode }) {
  const { t } = useTranslation("overlays");
  const channel = useOverlayChannel(secret);
  if (channel.isError) return <OverlayGone />;
  return (
    <OverlayPage lang={lang} label={t("chat_title")}>
      {channel.data ? lines(channel.data.streamID) : null}
    </OverlayPage>
  );
}
