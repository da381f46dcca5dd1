import type { TFunction } from "i18next";
import { SIZES } from "../../../../shared/tournaments.ts";
import type { Structure } from "../api/types.ts";

/** Spec 02 §9: "Default 8", for every format (8 is a size of each). */
export const DEFAULT_SIZE: Record<Structure, number> = { s_elim: 8, d_elim: 8, robin: 8, swiss: 8 };
export const TOP_CUTS = [0, 4, 8] as const;

/** The settings screen's sizes (spec 02 §5); a round robin keeps its own, since it takes at most 8. */
const EDIT_SIZES = [8, 16, 32];

/** The sizes the settings screen offers: the spec's, or the round robin's, plus the current one if neither lists it. */
export function editSizes(structure: Structure, current: number): number[] {
  const offered = structure === "robin" ? SIZES.robin : EDIT_SIZES;
  return offered.includes(current) || !SIZES[structure].includes(current) ? offered : [...offered, current].sort((a, b) => a - b);
}
export const NAME_MIN = 3;
export const GAME_TILES = 6;
export const ARCHIVE_PLACEHOLDERS = 6;
/** The match card's time: a placeholder in the spec (matches carry no time). */
export const PLACEHOLDER_TIME = "21:03";

/** About 80 commonly used zone ids, kept only when this browser knows them (spec 02 §9). */
const COMMON_ZONES = [
  "UTC",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Lisbon",
  "Europe/Paris",
  "Europe/Brussels",
  "Europe/Amsterdam",
  "Europe/Luxembourg",
  "Europe/Berlin",
  "Europe/Zurich",
  "Europe/Vienna",
  "Europe/Rome",
  "Europe/Madrid",
  "Europe/Monaco",
  "Europe/Prague",
  "Europe/Warsaw",
  "Europe/Budapest",
  "Europe/Stockholm",
  "Europe/Oslo",
  "Europe/Copenhagen",
  "Europe/Helsinki",
  "Europe/Athens",
  "Europe/Bucharest",
  "Europe/Sofia",
  "Europe/Kyiv",
  "Europe/Istanbul",
  "Europe/Moscow",
  "Africa/Casablanca",
  "Africa/Algiers",
  "Africa/Tunis",
  "Africa/Dakar",
  "Africa/Abidjan",
  "Africa/Lagos",
  "Africa/Douala",
  "Africa/Kinshasa",
  "Africa/Cairo",
  "Africa/Nairobi",
  "Africa/Johannesburg",
  "Indian/Reunion",
  "Indian/Mauritius",
  "Asia/Dubai",
  "Asia/Riyadh",
  "Asia/Tehran",
  "Asia/Karachi",
  "Asia/Kolkata",
  "Asia/Dhaka",
  "Asia/Bangkok",
  "Asia/Ho_Chi_Minh",
  "Asia/Jakarta",
  "Asia/Singapore",
  "Asia/Kuala_Lumpur",
  "Asia/Manila",
  "Asia/Hong_Kong",
  "Asia/Shanghai",
  "Asia/Taipei",
  "Asia/Seoul",
  "Asia/Tokyo",
  "Australia/Perth",
  "Australia/Adelaide",
  "Australia/Brisbane",
  "Australia/Sydney",
  "Australia/Melbourne",
  "Pacific/Auckland",
  "Pacific/Noumea",
  "Pacific/Tahiti",
  "Pacific/Honolulu",
  "America/Anchorage",
  "America/Los_Angeles",
  "America/Vancouver",
  "America/Denver",
  "America/Phoenix",
  "America/Chicago",
  "America/Mexico_City",
  "America/New_York",
  "America/Toronto",
  "America/Montreal",
  "America/Halifax",
  "America/Martinique",
  "America/Guadeloupe",
  "America/Cayenne",
  "America/Bogota",
  "America/Lima",
  "America/Caracas",
  "America/Santiago",
  "America/Buenos_Aires",
  "America/Sao_Paulo",
];

export function timeZones(): string[] {
  let known: Set<string>;
  try {
    known = new Set(["UTC", ...Intl.supportedValuesOf("timeZone")]);
  } catch {
    return ["UTC"];
  }
  return COMMON_ZONES.filter((zone) => known.has(zone));
}

/** "il y a 3 minutes" in the user's language. */
export function timeSince(iso: string, lang: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ["year", 31_536_000],
    ["month", 2_592_000],
    ["week", 604_800],
    ["day", 86_400],
    ["hour", 3600],
    ["minute", 60],
  ];
  for (const [unit, size] of steps) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return rtf.format(seconds, "second");
}

export function formatDate(iso: string | null, lang: string, timeZone?: string): string {
  if (!iso) return "—";
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: timeZone || undefined }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  }
}

/** Setup 100 with description and rules, 90 with one, else 80 (spec 02 §4). */
export function setupProgress(t: { description?: string | null; rules?: string | null }): number {
  const filled = [t.description, t.rules].filter((v) => v?.trim()).length;
  return filled === 2 ? 100 : filled === 1 ? 90 : 80;
}

export function pendingProgress(players: number, size: number): number {
  return size > 0 ? Math.min(100, Math.round((players / size) * 100)) : 0;
}

export const padCount = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Swiss rounds come first in a Swiss bracket, the top cut's rounds after them. */
export const isSwissRound = (title: string) => title.startsWith("Swiss Round ");

/** The server names rounds in English; the screen names them in the user's language. */
export function roundTitle(title: string, t: TFunction<"tournaments-ui">): string {
  let m = /^Round (\d+)$/.exec(title);
  if (m) return t("round_n", { n: m[1] });
  m = /^Swiss Round (\d+)$/.exec(title);
  if (m) return t("swiss_round_n", { n: m[1] });
  m = /^Losers Round (\d+)$/.exec(title);
  if (m) return t("losers_round_n", { n: m[1] });
  const fixed: Record<string, string> = {
    Final: t("round_final"),
    "Semi-finals": t("round_semi_finals"),
    "Grand Final": t("round_grand_final"),
    "Grand Final Reset": t("round_grand_final_reset"),
    "Losers Final": t("round_losers_final"),
  };
  return fixed[title] ?? title;
}
