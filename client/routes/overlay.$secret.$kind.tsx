import { createFileRoute } from "@tanstack/react-router";
import { OverlayChatLines } from "../features/chat/components/overlay-chat-lines.tsx";
import { AlertsOverlay } from "../features/overlays/components/alerts-overlay.tsx";
import { ChatOverlay } from "../features/overlays/components/chat-overlay.tsx";
import { OverlayGone } from "../features/overlays/components/overlay-page.tsx";
import { SceneOverlay } from "../features/overlays/components/scene-overlay.tsx";
import { ScoreBugOverlay } from "../features/overlays/components/score-bug.tsx";
import { isOverlayKind, type OverlayKind, readOverlayAddress } from "../features/overlays/overlay-address.ts";
import { SceneMatch, ScoreBugCard } from "../features/tournaments/components/score-bug-card.tsx";

export const Route = createFileRoute("/overlay/$secret/$kind")({ component: OverlayScreen });

/**
 * An OBS browser source (issue 36, item 4): alerts, chat, score bug or scene, by the address's last part; the chat's
 * lines and the matches are drawn by their own features.
 */
function OverlayScreen() {
  const { secret, kind } = Route.useParams();
  const { lang, muted, station, match, scene } = readOverlayAddress(Route.useSearch() as Record<string, unknown>);
  const overlays: Record<OverlayKind, () => React.ReactNode> = {
    alerts: () => <AlertsOverlay secret={secret} lang={lang} muted={muted} />,
    chat: () => <ChatOverlay secret={secret} lang={lang} lines={(streamID) => <OverlayChatLines streamID={streamID} />} />,
    score: () => <ScoreBugOverlay secret={secret} lang={lang} choice={{ station, match }} card={(shown) => <ScoreBugCard match={shown} />} />,
    scene: () => <SceneOverlay secret={secret} lang={lang} scene={scene} nextMatch={(next) => <SceneMatch match={next} />} />,
  };
  return isOverlayKind(kind) ? overlays[kind]() : <OverlayGone />;
}
