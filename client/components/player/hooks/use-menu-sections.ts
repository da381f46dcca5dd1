import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { MenuSection } from "../settings-menu.tsx";
import { type LatencyMode, SPEEDS } from "../lib/player-config.ts";
import type { QualityMenu } from "./use-quality.ts";

interface MenuSectionsOptions {
  live: boolean;
  /** Replay. */
  speed: number;
  selectSpeed: (speed: number) => void;
  /** Live. */
  quality: QualityMenu;
  latency: LatencyMode;
  lowLatencyPossible: boolean;
  realtimePossible: boolean;
  hlsPossible: boolean;
  selectLatency: (mode: LatencyMode) => void;
}

/**
 * The settings menu's lines: Speed for a replay; Quality and latency for a live. Kept the same object
 * while nothing changes, so the menu does not redraw its lines at every render of the player.
 */
export function useMenuSections({ live, speed, selectSpeed, quality, latency, lowLatencyPossible, realtimePossible, hlsPossible, selectLatency }: MenuSectionsOptions) {
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
    const labels: Record<LatencyMode, string> = { realtime: t("latency_realtime"), low: t("latency_low"), hls: t("latency_hls") };
    const latencies: { value: LatencyMode; label: string }[] = [
      ...(realtimePossible ? [{ value: "realtime" as const, label: labels.realtime }] : []),
      ...(lowLatencyPossible ? [{ value: "low" as const, label: t("latency_low") }] : []),
      ...(hlsPossible ? [{ value: "hls" as const, label: t("latency_hls") }] : []),
    ];
    return [
      {
        id: "quality",
        label: t("quality"),
        current: quality.current,
        selected: quality.selected,
        choices: quality.choices,
        onSelect: (value) => quality.choose(String(value)),
      },
      {
        id: "latency",
        label: t("latency"),
        current: labels[latency],
        selected: latency,
        choices: latencies,
        onSelect: (value) => selectLatency(value as LatencyMode),
      },
    ];
  }, [live, speed, selectSpeed, quality, latency, lowLatencyPossible, realtimePossible, hlsPossible, selectLatency, t, i18n.language]);
}
import "../../../i18n/screens/player.ts";
