import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { useOverlayChannel, useScoreBug } from "../api/overlays.ts";
import { OverlayGone, OverlayPage } from "./overlay-page.tsx";
import type { OverlayMatch } from "./score-bug.tsx";
import "../../../i18n/screens/overlays.ts";

export type SceneKind = "starting" | "brb";

/**
 * /overlay/{secret}/scene: a whole scene for the minutes off air, "starting soon" (?scene=starting) or "be right
 * back" (?scene=brb), with the channel and the match on its station (drawn by `nextMatch`) until it is over.
 */
export function SceneOverlay({ secret, lang, scene, nextMatch }: { secret: string; lang?: string; scene: SceneKind; nextMatch: (match: OverlayMatch) => ReactNode }) {
  const { t } = useTranslation("overlays");
  const channel = useOverlayChannel(secret);
  const match = useScoreBug(secret, channel.data?.username, {}).data?.match ?? null;
  if (channel.isError) return <OverlayGone />;
  return (
    <OverlayPage lang={lang} label={t(`scene_${scene}`)}>
      <section className="overlay-scene" data-scene={scene}>
        {channel.data ? (
          <p className="overlay-scene-channel">
            <Avatar name={channel.data.username} image={channel.data.avatar} size={72} /> {channel.data.username}
          </p>
        ) : null}
        <h1 className="overlay-scene-title">{t(`scene_${scene}`)}</h1>
        {channel.data?.title ? <p className="overlay-scene-subtitle">{channel.data.title}</p> : null}
        {match && !match.finished ? nextMatch(match) : null}
      </section>
    </OverlayPage>
  );
}
