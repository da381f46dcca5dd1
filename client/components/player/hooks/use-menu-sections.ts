import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { MenuSection } from "../settings-menu.tsx";
import type { QualityLevel } from "../lib/engines.ts";
import { type LatencyMode, SPEEDS } from "../lib/player-config.ts";

interface MenuSectionsOptions {
  live: boolean;
  /** Replay. */
  speed: number;
  selectSpeed: (speed: number) => void;
  /** Live: -1 is automatic. */
  level: number;
  levels: QualityLevel[];
  videoHeight: number;
  selectLevel: (index: number) => void;
  latency: LatencyMode;
  lowLatencyPossible: boolean;
  hlsPossible: boolean;
  selectLatency: (mode: LatencyMode) => void;
}

/**
 * The settings menu's lines: Speed for a replay; Quality and latency for a live. Kept the same object
 * while nothing changes, as the menu moves focus to the checked choice whenever its panel changes.
 */
export function useMenuSections({ live, speed, selectSpeed, level, levels, videoHeight, selectLevel, latency, lowLatencyPossible, hlsPossible, selectLatency }: MenuSectionsOptions) {
  const { t, i18n } = useTranslation("player");
  return useMemo<MenuSection[]>(() => {
    const number = new Intl.NumberFormat(i18n.language);
    if (!live) {
      return [
        {
          id: "speed",
          label: t("speed"),
          current: speed === 1 ? t("speed_normal") : `${number.format(speed)}×`,
          selected: speed,
          choices: SPEEDS.map((value) => ({ value, label: value === 1 ? t("speed_normal") : `${number.format(value)}×` })),
          onSelect: (value) => selectSpeed(Number(value)),
        },
      ];
    }
    // hls.js orders levels from the smallest; the menu shows the best first, the source by that name.
    const choices = [...levels].reverse().map((l) => ({ value: l.index, label: l.source ? t("quality_source") : l.label }));
    const autoLabel = level === -1 && videoHeight ? t("quality_auto_current", { level: `${videoHeight}p` }) : t("quality_auto");
    const latencies: { value: LatencyMode; label: string }[] = [
      ...(lowLatencyPossible ? [{ value: "low" as const, label: t("latency_low") }] : []),
      ...(hlsPossible ? [{ value: "hls" as const, label: t("latency_hls") }] : []),
    ];
    return [
      {
        id: "quality",
        label: t("quality"),
        current: level === -1 ? autoLabel : (choices.find((choice) => choice.value === level)?.label ?? autoLabel),
        selected: level,
        choices: [{ value: -1, label: autoLabel }, ...choices],
        onSelect: (value) => selectLevel(Number(value)),
      },
      {
        id: "latency",
        label: t("latency"),
        current: latency === "low" ? t("latency_low") : t("latency_hls"),
        selected: latency,
        choices: latencies,
        onSelect: (value) => value !== latency && selectLatency(value as LatencyMode),
      },
    ];
  }, [live, speed, selectSpeed, level, levels, videoHeight, selectLevel, latency, lowLatencyPossible, hlsPossible, selectLatency, t, i18n.language]);
}
