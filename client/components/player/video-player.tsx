import clsx from "clsx";
import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useControlsVisibility } from "./hooks/use-controls-visibility.ts";
import { useFullscreen } from "./hooks/use-fullscreen.ts";
import { useLatencyMode } from "./hooks/use-latency-mode.ts";
import { useMediaEngine } from "./hooks/use-media-engine.ts";
import { useMediaState } from "./hooks/use-media-state.ts";
import { useMenuSections } from "./hooks/use-menu-sections.ts";
import { usePlayerShortcuts } from "./hooks/use-player-shortcuts.ts";
import { useQuality } from "./hooks/use-quality.ts";
import { useSettingsMenu } from "./hooks/use-settings-menu.ts";
import { useSurfaceGestures } from "./hooks/use-surface-gestures.ts";
import { useVolume } from "./hooks/use-volume.ts";
import type { LatencyMode } from "./lib/player-config.ts";
import { PlayerControls } from "./player-controls.tsx";
import { BusyOverlay, ErrorOverlay, QualityNote, UnmuteOffer } from "./player-overlays.tsx";
import { PlayerSettings } from "./player-settings.tsx";
import "../../styles/player.css";

interface VideoPlayerProps {
  mode: "live" | "replay";
  /** Live: the HLS playlist. Replay: the file (.mp4, or .flv through mpegts.js). */
  src: string | null | undefined;
  /** Live only: the HTTP-FLV address behind the "Low latency" mode. */
  flvSrc?: string | null;
  /** Live only: the WHEP address behind the "Real time" mode; absent, the mode is not offered. */
  realtimeSrc?: string | null;
  poster?: string | null;
  /** Names the player for screen readers ("Lecteur vidéo" otherwise). */
  label?: string;
  autoPlay?: boolean;
  /** F, Space and M drive this player (spec 01 §2); turn off where several players share a page. */
  keyboard?: boolean;
  /** Starts without sound (the home carousel), with the "tap to unmute" offer. */
  startMuted?: boolean;
  /**
   * The picture stopped coming (a failure the player would retry or show): a page whose picture has
   * rules (a restricted live, its replay) asks again whether the viewer may still watch, and shows why not.
   */
  onLoadFailure?: () => void;
}

/**
 * One player for lives and replays (spec 01 §2, §4, §9). Live: HTTP-FLV through mpegts.js by default
 * (about 1 s behind), HLS through hls.js as the fallback and as a menu choice, the browser's own HLS
 * where hls.js cannot run (Safari). Replay: MP4 in the <video> itself, FLV through mpegts.js.
 */
export function VideoPlayer({ mode, src, flvSrc, realtimeSrc, poster, label, autoPlay = true, keyboard = true, startMuted = false, onLoadFailure }: VideoPlayerProps) {
  const { t } = useTranslation("player");
  const live = mode === "live";
  const container = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);

  const source = useLatencyMode(live, { src, flvSrc, realtimeSrc });
  const sound = useVolume(video);
  const engine = useMediaEngine({
    video,
    live,
    url: source.url,
    latency: source.effectiveLatency,
    hlsUrl: source.hlsUrl,
    fallBackToHls: source.fallBackToHls,
    leaveRealtime: source.leaveRealtime,
    autoPlay,
    startMuted,
    onAutoMuted: sound.markAutoMuted,
    onLoadFailure,
  });
  const media = useMediaState(video);
  const { fullscreen, toggleFullscreen } = useFullscreen(container, video);
  usePlayerShortcuts(keyboard, { togglePlay: engine.togglePlay, toggleMute: sound.toggleMute, toggleFullscreen });

  const menu = useSettingsMenu(container);
  const controls = useControlsVisibility({ paused: media.paused, menuOpen: menu.open, ready: engine.status === "ready" });
  const gestures = useSurfaceGestures({ menuOpen: menu.open, controlsShown: controls.shownByUser, poke: controls.poke, togglePlay: engine.togglePlay, toggleFullscreen });

  const { restart, selectLevel } = engine;
  const { chooseLatency, switchForQuality, effectiveLatency } = source;
  const selectLatency = useCallback(
    (mode: LatencyMode) => {
      // The mode playing, chosen: remembered, and the source no longer brings low latency back.
      if (mode === effectiveLatency) return chooseLatency(mode);
      restart();
      selectLevel(null);
      chooseLatency(mode);
    },
    [effectiveLatency, restart, selectLevel, chooseLatency],
  );
  const switchLatencyForQuality = useCallback(
    (mode: LatencyMode) => {
      restart();
      switchForQuality(mode);
    },
    [restart, switchForQuality],
  );
  const quality = useQuality({
    live,
    latency: effectiveLatency,
    hlsUrl: source.hlsUrl,
    menuOpen: menu.open,
    hlsLevels: engine.levels,
    hlsLevel: engine.level,
    selectHlsLevel: selectLevel,
    videoHeight: media.videoHeight,
    hlsForQuality: source.hlsForQuality,
    switchForQuality: switchLatencyForQuality,
  });
  const sections = useMenuSections({
    live,
    speed: media.speed,
    selectSpeed: media.changeSpeed,
    quality: quality.menu,
    latency: effectiveLatency,
    lowLatencyPossible: source.lowLatencyPossible,
    realtimePossible: source.realtimePossible,
    hlsPossible: source.hlsUrl !== null,
    selectLatency,
  });

  const { status } = engine;
  const invalid = live ? !source.hlsUrl && !source.flvUrl : !source.hlsUrl;
  const busy = !invalid && status !== "error" && (status !== "ready" || (engine.waiting && !media.paused));

  return (
    <div
      ref={container}
      className={clsx("player", fullscreen && "player-fullscreen", !controls.shown && "player-idle")}
      role="region"
      aria-label={label ?? t("player")}
      onPointerMove={(event) => event.pointerType === "mouse" && controls.poke()}
      onPointerDown={gestures.onPointerDown}
      onFocus={controls.poke}
      // A mouse leaving hides the bar at once. Only a mouse: after a tap, some browsers send the mouse events they
      // emulate for it a mouseleave of their own about half a second later, which would hide the bar the tap showed.
      onPointerLeave={(event) => event.pointerType === "mouse" && !media.paused && !menu.open && controls.hide()}
    >
      <video
        ref={video}
        className="player-video"
        playsInline
        preload={live ? "auto" : "metadata"}
        poster={poster ?? undefined}
        onPointerUp={gestures.onSurfacePointerUp}
        onDoubleClick={gestures.onSurfaceDoubleClick}
        {...media.mediaEvents}
        onWaiting={engine.mediaEvents.onWaiting}
        onPlaying={() => {
          // The bar starts its 6 s countdown as soon as the picture moves. A picture moving again after the player
          // reconnected does not keep the bar up: it showed only to say the player was loading, nobody asked for
          // it, and a tap then would pause instead of showing the controls.
          if (controls.shownByUser) controls.poke();
          engine.mediaEvents.onPlaying();
        }}
        onCanPlay={engine.mediaEvents.onCanPlay}
        onVolumeChange={sound.onVolumeChange}
      />

      {busy ? <BusyOverlay reconnecting={status === "reconnecting"} /> : null}
      {invalid || status === "error" ? <ErrorOverlay text={invalid ? t("invalid_url") : engine.errorText} onRetry={!invalid && live ? engine.retry : undefined} /> : null}
      {sound.autoMuted && sound.muted && status === "ready" ? <UnmuteOffer onUnmute={sound.toggleMute} /> : null}
      {live ? <QualityNote text={source.realtimeFailure ? t(source.realtimeFailure) : quality.note} /> : null}

      <PlayerControls
        live={live}
        hidden={!controls.shown}
        invalid={invalid}
        paused={media.paused}
        currentTime={media.currentTime}
        duration={media.duration}
        muted={sound.muted}
        volume={sound.shownVolume}
        fullscreen={fullscreen}
        onTogglePlay={engine.togglePlay}
        onToggleMute={sound.toggleMute}
        onVolume={sound.changeVolume}
        onSeek={media.seek}
        onToggleFullscreen={toggleFullscreen}
        settings={<PlayerSettings menu={menu} sections={sections} />}
      />
    </div>
  );
}
import "../../i18n/screens/player.ts";
