import clsx from "clsx";
import { Maximize, Minimize, Pause, Play, Volume2, VolumeX } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDuration } from "../../lib/format.ts";
import { VOLUME_STEP } from "./lib/player-config.ts";

interface PlayerControlsProps {
  live: boolean;
  hidden: boolean;
  /** No playable address: only Play is turned off, the rest still answers. */
  invalid: boolean;
  paused: boolean;
  currentTime: number;
  duration: number;
  muted: boolean;
  /** 0 while muted. */
  volume: number;
  fullscreen: boolean;
  onTogglePlay: () => void;
  onToggleMute: () => void;
  onVolume: (value: number) => void;
  onSeek: (time: number) => void;
  onToggleFullscreen: () => void;
  /** The gear and its menu. */
  settings: ReactNode;
}

/** The bar under the picture: the seek slider (replay), then play, sound, time or the live badge, settings and full screen. */
export function PlayerControls(props: PlayerControlsProps) {
  const { live, hidden, invalid, paused, currentTime, duration, muted, volume, fullscreen, onTogglePlay, onToggleMute, onVolume, onSeek, onToggleFullscreen, settings } = props;
  const { t } = useTranslation("player");
  return (
    <div className={clsx("player-bar", hidden && "player-bar-hidden")}>
      {!live ? <SeekSlider currentTime={currentTime} duration={duration} onSeek={onSeek} /> : null}
      <div className="player-row">
        <button type="button" className="player-btn" onClick={onTogglePlay} aria-label={paused ? t("play") : t("pause")} title={paused ? t("play") : t("pause")} disabled={invalid}>
          {paused ? <Play size={20} aria-hidden /> : <Pause size={20} aria-hidden />}
        </button>
        {/* Toggles keep one name and say their state (aria-pressed); the tooltip says what a click does. */}
        <button type="button" className="player-btn" onClick={onToggleMute} aria-label={t("mute")} aria-pressed={muted} title={muted ? t("unmute") : t("mute")}>
          {muted ? <VolumeX size={20} aria-hidden /> : <Volume2 size={20} aria-hidden />}
        </button>
        <VolumeSlider volume={volume} onVolume={onVolume} />
        {live ? <span className="player-live-badge">{t("live")}</span> : <PlaybackTime currentTime={currentTime} duration={duration} />}
        <span className="player-spacer" />
        {settings}
        <button
          type="button"
          className="player-btn"
          onClick={onToggleFullscreen}
          aria-label={t("enter_fullscreen")}
          aria-pressed={fullscreen}
          title={fullscreen ? t("exit_fullscreen") : t("enter_fullscreen")}
        >
          {fullscreen ? <Minimize size={20} aria-hidden /> : <Maximize size={20} aria-hidden />}
        </button>
      </div>
    </div>
  );
}

function SeekSlider({ currentTime, duration, onSeek }: { currentTime: number; duration: number; onSeek: (time: number) => void }) {
  const { t } = useTranslation("player");
  const progress = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;
  return (
    <input
      type="range"
      className="player-seek"
      min={0}
      max={duration || 0}
      step="any"
      value={Math.min(currentTime, duration || 0)}
      disabled={!duration}
      aria-label={t("seek")}
      aria-valuetext={t("time_of", { current: formatDuration(currentTime), total: formatDuration(duration) })}
      style={{ "--progress": `${progress}%` } as React.CSSProperties}
      onChange={(event) => onSeek(Number(event.target.value))}
    />
  );
}

function VolumeSlider({ volume, onVolume }: { volume: number; onVolume: (value: number) => void }) {
  const { t } = useTranslation("player");
  return (
    <input
      type="range"
      className="player-volume"
      min={0}
      max={1}
      step={VOLUME_STEP}
      value={volume}
      aria-label={t("volume")}
      aria-valuetext={`${Math.round(volume * 100)} %`}
      style={{ "--progress": `${volume * 100}%` } as React.CSSProperties}
      onChange={(event) => onVolume(Number(event.target.value))}
    />
  );
}

function PlaybackTime({ currentTime, duration }: { currentTime: number; duration: number }) {
  const { t } = useTranslation("player");
  return (
    <span className="player-time tabular">
      <span>{formatDuration(currentTime)}</span>
      <span aria-hidden> / </span>
      <span className="sr-only">{t("of")}</span>
      <span>{formatDuration(duration)}</span>
    </span>
  );
}
import "../../i18n/screens/player.ts";
