import { describe, expect, it } from "bun:test";
import { formatCount, formatDuration, formatElapsed, formatFileSize, formatRelativeTime } from "./format.ts";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const s = 1000;
const min = 60 * s;
const h = 60 * min;
const d = 24 * h;

describe("formatRelativeTime", () => {
  it("says 'Just now' under a minute, in both languages", () => {
    expect(formatRelativeTime(ago(0), "en", NOW)).toBe("Just now");
    expect(formatRelativeTime(ago(59 * s), "en", NOW)).toBe("Just now");
    expect(formatRelativeTime(ago(30 * s), "fr", NOW)).toBe("À l'instant");
  });

  it("counts minutes, hours under 24, days under 7, weeks under 30 days, months under 365 days, then years", () => {
    expect(formatRelativeTime(ago(60 * s), "en", NOW)).toBe("1 minute ago");
    expect(formatRelativeTime(ago(59 * min), "en", NOW)).toBe("59 minutes ago");
    expect(formatRelativeTime(ago(h), "en", NOW)).toBe("1 hour ago");
    expect(formatRelativeTime(ago(23 * h + 59 * min), "en", NOW)).toBe("23 hours ago");
    expect(formatRelativeTime(ago(d), "en", NOW)).toBe("1 day ago");
    expect(formatRelativeTime(ago(6 * d), "en", NOW)).toBe("6 days ago");
    expect(formatRelativeTime(ago(7 * d), "en", NOW)).toBe("1 week ago");
    expect(formatRelativeTime(ago(29 * d), "en", NOW)).toBe("4 weeks ago");
    expect(formatRelativeTime(ago(30 * d), "en", NOW)).toBe("1 month ago");
    expect(formatRelativeTime(ago(364 * d), "en", NOW)).toBe("12 months ago");
    expect(formatRelativeTime(ago(365 * d), "en", NOW)).toBe("1 year ago");
    expect(formatRelativeTime(ago(3 * 365 * d), "en", NOW)).toBe("3 years ago");
  });

  it("speaks French by default", () => {
    expect(formatRelativeTime(ago(5 * min), undefined, NOW)).toBe("il y a 5 minutes");
    expect(formatRelativeTime(ago(2 * d), "fr", NOW)).toBe("il y a 2 jours");
  });

  it("takes dates and timestamps, treats the future as now and nonsense as nothing", () => {
    expect(formatRelativeTime(new Date(NOW - 2 * h), "en", NOW)).toBe("2 hours ago");
    expect(formatRelativeTime(NOW - 3 * min, "en", NOW)).toBe("3 minutes ago");
    expect(formatRelativeTime(NOW + 10 * min, "en", NOW)).toBe("Just now");
    expect(formatRelativeTime("not a date", "en", NOW)).toBe("");
  });
});

describe("formatDuration", () => {
  it("writes m:ss under an hour and h:mm:ss from one hour", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(5)).toBe("0:05");
    expect(formatDuration(65)).toBe("1:05");
    expect(formatDuration(599.9)).toBe("9:59");
    expect(formatDuration(3599)).toBe("59:59");
    expect(formatDuration(3600)).toBe("1:00:00");
    expect(formatDuration(3661)).toBe("1:01:01");
    expect(formatDuration(36000 + 62)).toBe("10:01:02");
  });

  it("says '00:00' when the duration is missing", () => {
    expect(formatDuration(null)).toBe("00:00");
    expect(formatDuration(undefined)).toBe("00:00");
    expect(formatDuration(Number.NaN)).toBe("00:00");
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe("00:00");
    expect(formatDuration(-1)).toBe("00:00");
    expect(formatDuration("abc")).toBe("00:00");
    expect(formatDuration("125")).toBe("2:05");
  });
});

describe("formatFileSize", () => {
  it("uses B, KB, MB, GB and TB with one decimal", () => {
    expect(formatFileSize(0, "en")).toBe("0 B");
    expect(formatFileSize(1023, "en")).toBe("1,023 B");
    expect(formatFileSize(1024, "en")).toBe("1.0 KB");
    expect(formatFileSize(1536, "en")).toBe("1.5 KB");
    expect(formatFileSize(5 * 1024 * 1024 + 200 * 1024, "en")).toBe("5.2 MB");
    expect(formatFileSize(3 * 1024 ** 3, "en")).toBe("3.0 GB");
    expect(formatFileSize(2.25 * 1024 ** 4, "en")).toBe("2.3 TB");
    expect(formatFileSize(4096 * 1024 ** 4, "en")).toBe("4,096.0 TB");
  });

  it("reads the server's string of bytes and writes the decimal the French way", () => {
    expect(formatFileSize("1572864", "en")).toBe("1.5 MB");
    expect(formatFileSize("1572864", "fr")).toBe("1,5 MB");
  });

  it("is empty when the size is unknown", () => {
    expect(formatFileSize(null)).toBe("");
    expect(formatFileSize(undefined)).toBe("");
    expect(formatFileSize("x")).toBe("");
  });
});

describe("formatCount", () => {
  it("abbreviates with K, M and G", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1K");
    expect(formatCount(1250)).toBe("1.2K");
    expect(formatCount(15_340)).toBe("15.3K");
    expect(formatCount(250_400)).toBe("250K");
    expect(formatCount(999_999)).toBe("999K");
    expect(formatCount(1_000_000)).toBe("1M");
    expect(formatCount(3_450_000)).toBe("3.4M");
    expect(formatCount(1_000_000_000)).toBe("1G");
    expect(formatCount(12_600_000_000)).toBe("12.6G");
  });

  it("survives missing values", () => {
    expect(formatCount(null)).toBe("0");
    expect(formatCount(undefined)).toBe("0");
    expect(formatCount(Number.NaN)).toBe("0");
  });
});

describe("formatElapsed", () => {
  it("counts from the live's start", () => {
    expect(formatElapsed(ago(75 * s), NOW)).toBe("1:15");
    expect(formatElapsed(ago(2 * h + 3 * min + 4 * s), NOW)).toBe("2:03:04");
    expect(formatElapsed(null, NOW)).toBe("00:00");
    expect(formatElapsed(ago(-5 * s), NOW)).toBe("0:00");
  });
});
