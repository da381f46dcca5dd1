import { createFileRoute, notFound } from "@tanstack/react-router";
import { AlertsOverlay } from "../features/overlays/components/alerts-overlay.tsx";
import { ChatOverlay } from "../features/overlays/components/chat-overlay.tsx";
import { ScoreBugOverlay } from "../features/overlays/components/score-bug.tsx";
import { SceneOverlay } from "../features/overlays/components/scene-overlay.tsx";
import { OverlayChatLines } from "../features/chat/components/overlay-chat-lines.tsx";
import { SceneMatch, ScoreBugCard } from "../features/tournaments/components/score-bug-card.tsx";

const KINDS = ["alerts", "chat", "score", "scene"] as const;
type Kind = (typeof KINDS)[number];

interface OverlaySearch {
  lang?: string;
  /** "0": this source stays silent, whatever the streamer's switch. */
  sound?: string;
  station?: number;
  match?: string;
  scene?: "starting" | "brb";
}

// What OBS's address says, read by hand (no zod in the first load): anything else is left out.
function validateOverlaySearch(search: Record<string, unknown>): OverlaySearch {
  const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : undefined);
  const station = Number(search.station);
  const match = text(search.match);
  return {
    ...(text(search.lang) ? { lang: text(search.lang) } : {}),
    ...(text(search.sound) ? { sound: text(search.sound) } : {}),
    ...(Number.isInteger(station) && station > 0 ? { station } : {}),
    ...(match && /^\d+-\d+$/.test(match) ? { match } : {}),
    ...(search.scene === "brb" || search.scene === "starting" ? { scene: search.scene } : {}),
  };
}

export const Route = createFileRoute("/overlay/$secret/$kind")({
  validateSearch: validateOverlaySearch,
  beforeLoad: ({ params }) => {
    if (!(KINDS as readonly string[]).includes(params.kind)) throw notFound();
  },
  component: OverlayScreen,
});

/** An OBS browser source (issue 36, item 4): alerts, chat, score bug or scene, by the address's last part; the chat's lines and the matches are drawn by their own features. */
function OverlayScreen() {
  const { secret, kind } = Route.useParams();
  const { lang, sound, station, match, scene } = Route.useSearch();
  const overlays: Record<Kind, () => React.ReactNode> = {
    alerts: () => <AlertsOverlay secret={secret} lang={lang} muted={sound === "0"} />,
    chat: () => <ChatOverlay secret={secret} lang={lang} lines={(streamID) => <OverlayChatLines streamID={streamID} />} />,
    score: () => <ScoreBugOverlay secret={secret} lang={lang} choice={{ station, match }} card={(shown) => <ScoreBugCard match={shown} />} />,
    scene: () => <SceneOverlay secret={secret} lang={lang} scene={scene ?? "starting"} nextMatch={(next) => <SceneMatch match={next} />} />,
  };
  return overlays[kind as Kind]();
}
