import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LatencyMode } from "../lib/player-config.ts";
import { AUTO_LEVEL, bestFirst, type QualityLevel, SOURCE_LEVEL } from "../lib/quality-levels.ts";
import { usePlaylistLevels } from "./use-playlist-levels.ts";

/** How long the note saying a quality changed the latency mode stays over the picture. */
const QUALITY_NOTE_MS = 5000;

interface QualityOptions {
  live: boolean;
  latency: LatencyMode;
  /** The live's HLS playlist: in low latency, where the renditions are read from. */
  hlsUrl: string | null;
  menuOpen: boolean;
  /** hls.js's levels and the viewer's (a name, null for automatic), in the standard latency. */
  hlsLevels: QualityLevel[];
  hlsLevel: string | null;
  selectHlsLevel: (name: string | null) => void;
  /** The picture's height: the size of a source no playlist describes, and what Auto plays. */
  videoHeight: number;
  /** Standard latency only for a quality: the source brings low latency back. */
  hlsForQuality: boolean;
  /** Changes the latency mode for a quality (not remembered as the viewer's latency). */
  switchForQuality: (mode: LatencyMode) => void;
}

export interface QualityMenu {
  choices: { value: string; label: string }[];
  selected: string;
  current: string;
  choose: (value: string) => void;
}

/**
 * The Quality menu in both latency modes (issue 34, item 9). Auto and every level that exists, best
 * first, whichever mode plays; a single level (no ladder) alone, as "Source (720p)". Low latency plays
 * the source over HTTP-FLV: choosing Auto or a rendition moves to HLS at that level and says so, and
 * the source chosen again returns to low latency.
 */
export function useQuality(options: QualityOptions): { menu: QualityMenu; note: string | null } {
  const { live, latency, hlsUrl, menuOpen, hlsLevels, hlsLevel, selectHlsLevel, videoHeight, hlsForQuality, switchForQuality } = options;
  const { t } = useTranslation("player");
  const low = latency === "low";
  const playlistLevels = usePlaylistLevels(live && low ? hlsUrl : null, menuOpen);
  const { note, say } = useNote();

  const levels = useMemo(() => menuLevels(low ? playlistLevels : hlsLevels, videoHeight), [low, playlistLevels, hlsLevels, videoHeight]);
  const ladder = levels.length > 1;
  const labelOf = useCallback(
    (value: string) => {
      // Auto says what it plays, where it chooses: over HLS.
      if (value === AUTO_LEVEL) return !low && hlsLevel === null && videoHeight ? t("quality_auto_current", { level: `${videoHeight}p` }) : t("quality_auto");
      return levelLabel(
        levels.find((level) => level.name === value),
        t,
      );
    },
    [levels, low, hlsLevel, videoHeight, t],
  );
  // Low latency plays the source; a single level is the source whatever the mode.
  const selected = low || !ladder ? SOURCE_LEVEL : (hlsLevel ?? AUTO_LEVEL);

  const choose = useCallback(
    (value: string) => {
      if (value === selected) return;
      const level = value === AUTO_LEVEL ? null : value;
      if (low) {
        selectHlsLevel(level);
        switchForQuality("hls");
        say(t("quality_note_hls", { level: labelOf(value) }));
      } else if (value === SOURCE_LEVEL && hlsForQuality) {
        selectHlsLevel(null);
        switchForQuality("low");
        say(t("quality_note_low", { level: labelOf(value) }));
      } else selectHlsLevel(level);
    },
    [selected, low, hlsForQuality, selectHlsLevel, switchForQuality, say, labelOf, t],
  );

  // Apart from the note: the menu moves focus whenever its panel changes, and the note goes while it may be open.
  const menu = useMemo(() => {
    const values = [...(ladder ? [AUTO_LEVEL] : []), ...levels.map((level) => level.name)];
    return { choices: values.map((value) => ({ value, label: labelOf(value) })), selected, current: labelOf(selected), choose };
  }, [ladder, levels, labelOf, selected, choose]);
  return { menu, note };
}

/**
 * The levels the menu lists, best first. None or one known (a live without a ladder, a playlist not read
 * yet): the source alone, its size the picture's when no playlist gives one.
 */
function menuLevels(known: QualityLevel[], videoHeight: number): QualityLevel[] {
  if (known.length > 1) return bestFirst(known);
  const only = known[0];
  return [{ name: SOURCE_LEVEL, height: only?.height ?? (videoHeight || null), bitrate: only?.bitrate ?? null, source: true }];
}

/** "Source (720p)", "480p"; a bitrate only where the size is not known, and only when it is. */
function levelLabel(level: QualityLevel | undefined, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!level) return t("quality_source");
  const size = level.height ? `${level.height}p` : level.bitrate ? `${Math.round(level.bitrate / 1000)} kb/s` : null;
  if (level.source) return size ? t("quality_source_size", { size }) : t("quality_source");
  return size ?? level.name;
}

/** A short note over the picture, gone after QUALITY_NOTE_MS. */
function useNote() {
  const [note, setNote] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const say = useCallback((text: string) => {
    clearTimeout(timer.current);
    setNote(text);
    timer.current = setTimeout(() => setNote(null), QUALITY_NOTE_MS);
  }, []);
  return { note, say };
}
import "../../../i18n/screens/player.ts";
