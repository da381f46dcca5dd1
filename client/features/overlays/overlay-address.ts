import type { SceneKind } from "./components/scene-overlay.tsx";

// What an overlay's address says besides its secret (issue 36, item 4), read here rather than in the route's
// validateSearch: the route stays out of the first page load, which OBS's pages have no use for anyway.

const OVERLAY_KINDS = ["alerts", "chat", "score", "scene"] as const;
export type OverlayKind = (typeof OVERLAY_KINDS)[number];

interface OverlayAddress {
  lang?: string;
  /** This source stays silent (?sound=0), whatever the streamer's switch. */
  muted: boolean;
  station?: number;
  match?: string;
  scene: SceneKind;
}

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : undefined);

/** The address's options; anything else, or anything malformed, is left out. */
export function readOverlayAddress(search: Record<string, unknown>): OverlayAddress {
  const station = Number(search.station);
  const match = text(search.match);
  return {
    lang: text(search.lang),
    muted: text(search.sound) === "0",
    station: Number.isInteger(station) && station > 0 ? station : undefined,
    match: match && /^\d+-\d+$/.test(match) ? match : undefined,
    scene: search.scene === "brb" ? "brb" : "starting",
  };
}

export const isOverlayKind = (kind: string): kind is OverlayKind => (OVERLAY_KINDS as readonly string[]).includes(kind);
