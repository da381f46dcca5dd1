/** Display formats of spec 01 §9 shared by the screens: relative time, durations, file sizes, counts. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The only word Intl has no unit for: "now" must read 'Just now' (spec 01 §9). */
const JUST_NOW: Record<string, string> = { fr: "À l'instant", en: "Just now" };

/**
 * "Just now" under 60 s, then minutes, hours (under 24), days (under 7), weeks (under 30 days),
 * months (under 365 days), then years, always "… ago" ("il y a …" in French).
 */
export function formatRelativeTime(value: string | number | Date, lang = "fr", now: number = Date.now()): string {
  const time = value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(time)) return "";
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return JUST_NOW[baseLanguage(lang)] ?? JUST_NOW.en!;
  const format = new Intl.RelativeTimeFormat(lang, { numeric: "always" });
  const days = Math.floor(elapsed / DAY);
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), "hour");
  if (days < 7) return format.format(-days, "day");
  if (days < 30) return format.format(-Math.floor(days / 7), "week");
  if (days < 365) return format.format(-Math.max(1, Math.floor(days / 30)), "month");
  return format.format(-Math.floor(days / 365), "year");
}

/** m:ss under an hour, h:mm:ss from one hour; '00:00' when the duration is missing or not a number. */
export function formatDuration(seconds: number | string | null | undefined): string {
  const value = typeof seconds === "string" ? Number(seconds) : seconds;
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return "00:00";
  const total = Math.floor(value);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

const SIZE_UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** Bytes in B, KB, MB, GB or TB (1024 steps) with one decimal; bytes themselves are whole. '' when unknown. */
export function formatFileSize(bytes: number | string | null | undefined, lang = "fr"): string {
  const value = typeof bytes === "string" ? Number(bytes) : bytes;
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return "";
  let unit = 0;
  let size = value;
  while (size >= 1024 && unit < SIZE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const number = new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(unit === 0 ? Math.round(size) : Math.round(size * 10) / 10);
  return `${number} ${SIZE_UNITS[unit]}`;
}

const COUNT_UNITS = [
  { value: 1e9, suffix: "G" },
  { value: 1e6, suffix: "M" },
  { value: 1e3, suffix: "K" },
] as const;

/** 999, 1.2K, 15.3K, 250K, 3.4M, 1G: one decimal below 100 of a unit, dropped when it is zero; never rounds up. */
export function formatCount(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return "0";
  const sign = count < 0 ? "-" : "";
  const value = Math.abs(Math.trunc(count));
  for (const { value: step, suffix } of COUNT_UNITS) {
    if (value >= step) {
      const scaled = value / step;
      // Truncate, not round: 999 999 reads 999.9K, never a misleading 1000K.
      const shown = scaled < 100 ? Math.floor(scaled * 10) / 10 : Math.floor(scaled);
      return `${sign}${String(shown)}${suffix}`;
    }
  }
  return `${sign}${value}`;
}

/** The live clock since `startTime`: h:mm:ss (or m:ss), '00:00' without a start. */
export function formatElapsed(startTime: string | null | undefined, now: number = Date.now()): string {
  if (!startTime) return "00:00";
  const start = Date.parse(startTime);
  if (!Number.isFinite(start)) return "00:00";
  return formatDuration(Math.max(0, (now - start) / 1000));
}

function baseLanguage(lang: string): string {
  return lang.toLowerCase().split("-")[0] ?? "en";
}

/** An ISO date as a datetime-local input's value, in the browser's time. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): string {
  return value ? new Date(value).toISOString() : "";
}
