import clsx from "clsx";
import { Maximize, Minimize, Pause, Play, Settings, Volume2, VolumeX } from "lucide-react";
import { type PointerEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { formatDuration } from "../../../lib/format.ts";
import { attachFile, attachFlv, attachHls, type Engine, type FatalKind, playableUrl, type QualityLevel, sourceKind, supportsMse } from "../lib/engines.ts";
import { CONTROLS_HIDE_MS, INITIAL_VOLUME, type LatencyMode, LIVE_RETRIES, LIVE_RETRY_MS, savedLatency, saveLatency, SPEEDS, START_DELAY_MS, VOLUME_STEP } from "../lib/player-config.ts";
import { type MenuSection, SettingsMenu } from "./settings-menu.tsx";
import "../../../styles/player.css";

export interface VideoPlayerProps {
  mode: "live" | "replay";
  /** Live: the HLS playlist. Replay: the file (.mp4, or .flv through mpegts.js). */
  src: string | null | undefined;
  /** Live only: the HTTP-FLV address behind the "Low latency" mode. */
  flvSrc?: string | null;
  poster?: string | null;
  /** Names the player for screen readers ("Lecteur vidéo" otherwise). */
  label?: string;
  autoPlay?: boolean;
  /** F, Space and M drive this player (spec 01 §2); turn off where several players share a page. */
  keyboard?: boolean;
  /** Starts without sound (the home carousel), with the "tap to unmute" offer. */
  startMuted?: boolean;
}

/** "ready": the media can play (playing or not). */
type Status = "loading" | "ready" | "reconnecting" | "error";
type Panel = "quality" | "latency" | "speed";

/**
 * One player for lives and replays (spec 01 §2, §4, §9). Live: HTTP-FLV through mpegts.js by default
 * (about 1 s behind), HLS through hls.js as the fallback and as a menu choice, the browser's own HLS
 * where hls.js cannot run (Safari). Replay: MP4 in the <video> itself, FLV through mpegts.js.
 */
export function VideoPlayer({ mode, src, flvSrc, poster, label, autoPlay = true, keyboard = true, startMuted = false }: VideoPlayerProps) {
  const { t, i18n } = useTranslation("player");
  const live = mode === "live";
  const container = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const engine = useRef<Engine | null>(null);
  const failures = useRef(0);
  const menuId = useId();
  const settingsButton = useRef<HTMLButtonElement>(null);

  const hlsUrl = playableUrl(src);
  const flvUrl = live ? playableUrl(flvSrc) : null;
  const lowLatencyPossible = flvUrl !== null && supportsMse();
  const [latency, setLatency] = useState<LatencyMode>(() => {
    const saved = savedLatency();
    if (saved === "hls" && hlsUrl) return "hls";
    return lowLatencyPossible ? "low" : "hls";
  });
  const effectiveLatency: LatencyMode = latency === "low" && lowLatencyPossible ? "low" : "hls";
  const url = live ? (effectiveLatency === "low" ? flvUrl : hlsUrl) : hlsUrl;

  const [status, setStatus] = useState<Status>("loading");
  const [errorText, setErrorText] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [waiting, setWaiting] = useState(true);
  const [paused, setPaused] = useState(true);
  const [muted, setMuted] = useState(false);
  const [autoMuted, setAutoMuted] = useState(false);
  const [volume, setVolume] = useState(INITIAL_VOLUME);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [speed, setSpeed] = useState(1);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [level, setLevel] = useState(-1);
  const [videoHeight, setVideoHeight] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const [menu, setMenu] = useState<{ open: boolean; panel: Panel | null }>({ open: false, panel: null });
  const [active, setActive] = useState(true);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastPointer = useRef<string>("mouse");
  /** A click that closes the menu should not also play or pause. */
  const menuWasOpen = useRef(false);
  const controlsWereShown = useRef(false);

  const fail = useCallback(
    (kind: FatalKind) => {
      if (!live) {
        const flv = url !== null && sourceKind(url) === "flv";
        setErrorText(flv ? t(kind === "unsupported" ? "error_flv_unsupported" : "error_flv") : t("error_video"));
        setStatus("error");
        return;
      }
      if (kind === "unsupported") {
        // Low latency needs MSE; the HLS fallback may still play (natively on Safari).
        if (effectiveLatency === "low" && hlsUrl) setLatency("hls");
        else {
          setErrorText(t("error_unsupported_live"));
          setStatus("error");
        }
        return;
      }
      failures.current += 1;
      if (failures.current > LIVE_RETRIES) {
        setErrorText(t("error_live"));
        setStatus("error");
        return;
      }
      // A live that just started has no playlist yet; one that hiccups comes back: try again shortly.
      setStatus("reconnecting");
      setTimeout(() => setAttempt((n) => n + 1), LIVE_RETRY_MS);
    },
    [live, url, effectiveLatency, hlsUrl, t],
  );
  const failRef = useRef(fail);
  failRef.current = fail;

  // Attach the engine for the current address; everything is torn down on change and on unmount.
  useEffect(() => {
    const element = video.current;
    if (!element || !url) return;
    let cancelled = false;
    let startTimer: ReturnType<typeof setTimeout> | undefined;
    setStatus((current) => (current === "reconnecting" ? current : "loading"));
    setErrorText(null);
    setWaiting(true);
    setLevels([]);
    setLevel(-1);
    const callbacks = { onLevels: (found: QualityLevel[]) => !cancelled && setLevels(found), onFatal: (kind: FatalKind) => !cancelled && failRef.current(kind) };
    const kind = sourceKind(url);
    const attaching: Promise<Engine> =
      live && effectiveLatency === "low"
        ? attachFlv(element, url, true, callbacks)
        : kind === "hls"
          ? attachHls(element, url, callbacks)
          : kind === "flv"
            ? attachFlv(element, url, live, callbacks)
            : Promise.resolve(attachFile(element, url, callbacks));
    void attaching.then((attached) => {
      if (cancelled) return attached.destroy();
      engine.current = attached;
      if (autoPlay && startMuted) {
        element.muted = true;
        setAutoMuted(true);
      }
      if (autoPlay) startTimer = setTimeout(() => void startPlaying(element, () => !cancelled && setAutoMuted(true)), START_DELAY_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(startTimer);
      engine.current?.destroy();
      engine.current = null;
    };
  }, [url, live, effectiveLatency, attempt, autoPlay, startMuted]);

  // The element's initial volume (spec 01 §9: 0.5).
  useEffect(() => {
    if (video.current) video.current.volume = INITIAL_VOLUME;
  }, []);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const togglePlay = useCallback(() => {
    const element = video.current;
    if (!element || status === "error") return;
    if (element.paused) {
      // Back from a pause, a live resumes at "now", not where it stopped.
      const edge = live ? engine.current?.liveEdge?.() : null;
      if (edge && edge - element.currentTime > 10) element.currentTime = edge;
      void element.play().catch(() => undefined);
    } else element.pause();
  }, [live, status]);

  const toggleMute = useCallback(() => {
    const element = video.current;
    if (!element) return;
    if (element.muted || element.volume === 0) {
      element.muted = false;
      if (element.volume === 0) element.volume = INITIAL_VOLUME;
    } else element.muted = true;
    setAutoMuted(false);
  }, []);

  const toggleFullscreen = useCallback(() => {
    const box = container.current;
    if (!box) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else if (box.requestFullscreen) void box.requestFullscreen().catch(() => undefined);
    else (video.current as HTMLVideoElement & { webkitEnterFullscreen?: () => void })?.webkitEnterFullscreen?.();
  }, []);

  useEffect(() => {
    if (!keyboard) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      // Never while typing (chat, search), nor inside a dialog.
      if (target && (isTyping(target) || target.closest("[role=dialog]"))) return;
      const key = event.key.toLowerCase();
      if (key === "f") {
        event.preventDefault();
        toggleFullscreen();
      } else if (key === "m") {
        event.preventDefault();
        toggleMute();
      } else if (key === " ") {
        // A focused button or link answers Space itself.
        if (target?.closest("button, a[href], [role=menuitem], [role=menuitemradio], [role=tab], [role=slider], input")) return;
        event.preventDefault();
        togglePlay();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [keyboard, toggleFullscreen, toggleMute, togglePlay]);

  /** Any touch or movement shows the bar; it hides again after 6 s (spec 01 §9). */
  const poke = useCallback(() => {
    setActive(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setActive(false), CONTROLS_HIDE_MS);
  }, []);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  // A click anywhere else closes the settings menu.
  useEffect(() => {
    if (!menu.open) return;
    const onDown = (event: globalThis.PointerEvent) => {
      if (!(event.target instanceof Node) || !container.current?.querySelector(".player-settings")?.contains(event.target)) setMenu({ open: false, panel: null });
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [menu.open]);

  const onSurfacePointerUp = (event: PointerEvent) => {
    if (event.button !== 0 || menuWasOpen.current) return;
    // On touch the first tap shows the controls; on a mouse a click plays or pauses.
    // The pointerdown has already shown them, so ask what they were before it.
    if (event.pointerType === "touch" && !controlsWereShown.current) return poke();
    poke();
    togglePlay();
  };

  const selectLatency = (mode: LatencyMode) => {
    saveLatency(mode);
    failures.current = 0;
    setStatus("loading");
    setLatency(mode);
  };

  const sections = useMemo<MenuSection[]>(() => {
    const number = new Intl.NumberFormat(i18n.language);
    if (!live) {
      return [
        {
          id: "speed",
          label: t("speed"),
          current: speed === 1 ? t("speed_normal") : `${number.format(speed)}×`,
          selected: speed,
          choices: SPEEDS.map((value) => ({ value, label: value === 1 ? t("speed_normal") : `${number.format(value)}×` })),
          onSelect: (value) => {
            if (video.current) video.current.playbackRate = Number(value);
          },
        },
      ];
    }
    const autoLabel = level === -1 && videoHeight ? t("quality_auto_current", { level: `${videoHeight}p` }) : t("quality_auto");
    const latencies: { value: LatencyMode; label: string }[] = [
      ...(lowLatencyPossible ? [{ value: "low" as const, label: t("latency_low") }] : []),
      ...(hlsUrl ? [{ value: "hls" as const, label: t("latency_hls") }] : []),
    ];
    return [
      {
        id: "quality",
        label: t("quality"),
        current: level === -1 ? autoLabel : (levels.find((l) => l.index === level)?.label ?? autoLabel),
        selected: level,
        choices: [{ value: -1, label: autoLabel }, ...levels.map((l) => ({ value: l.index, label: l.label }))],
        onSelect: (value) => {
          setLevel(Number(value));
          engine.current?.setLevel?.(Number(value));
        },
      },
      {
        id: "latency",
        label: t("latency"),
        current: effectiveLatency === "low" ? t("latency_low") : t("latency_hls"),
        selected: effectiveLatency,
        choices: latencies,
        onSelect: (value) => value !== effectiveLatency && selectLatency(value as LatencyMode),
      },
    ];
  }, [live, speed, level, levels, videoHeight, lowLatencyPossible, hlsUrl, effectiveLatency, t, i18n.language]);

  const invalid = live ? !hlsUrl && !flvUrl : !hlsUrl;
  const shownVolume = muted ? 0 : volume;
  const controlsShown = active || paused || menu.open || status !== "ready";
  const busy = !invalid && status !== "error" && (status !== "ready" || (waiting && !paused));
  const progress = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;

  return (
    <div
      ref={container}
      className={clsx("player", fullscreen && "player-fullscreen", !controlsShown && "player-idle")}
      role="region"
      aria-label={label ?? t("player")}
      onPointerMove={(event) => event.pointerType === "mouse" && poke()}
      onPointerDown={(event) => {
        lastPointer.current = event.pointerType;
        menuWasOpen.current = menu.open;
        controlsWereShown.current = controlsShown;
        poke();
      }}
      onFocus={poke}
      onMouseLeave={() => !paused && !menu.open && setActive(false)}
    >
      <video
        ref={video}
        className="player-video"
        playsInline
        preload={live ? "auto" : "metadata"}
        poster={poster ?? undefined}
        onPointerUp={onSurfacePointerUp}
        onDoubleClick={() => lastPointer.current === "mouse" && toggleFullscreen()}
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
        onWaiting={() => setWaiting(true)}
        onPlaying={() => {
          // The bar starts its 6 s countdown as soon as the picture moves.
          poke();
          failures.current = 0;
          setWaiting(false);
          setStatus("ready");
        }}
        onCanPlay={() => {
          setWaiting(false);
          setStatus((current) => (current === "error" ? current : "ready"));
        }}
        onTimeUpdate={(event) => setCurrentTime(event.currentTarget.currentTime)}
        onDurationChange={(event) => setDuration(Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0)}
        onLoadedMetadata={(event) => setVideoHeight(event.currentTarget.videoHeight)}
        onResize={(event) => setVideoHeight(event.currentTarget.videoHeight)}
        onVolumeChange={(event) => {
          setMuted(event.currentTarget.muted || event.currentTarget.volume === 0);
          if (event.currentTarget.volume > 0) setVolume(event.currentTarget.volume);
        }}
        onRateChange={(event) => setSpeed(event.currentTarget.playbackRate)}
      />

      {busy ? (
        <div className="player-overlay player-overlay-busy">
          <Spinner size={48} label={status === "reconnecting" ? t("reconnecting") : t("loading")} />
          {status === "reconnecting" ? <p>{t("reconnecting")}</p> : null}
        </div>
      ) : null}
      {invalid || status === "error" ? (
        <div className="player-overlay player-overlay-error" role="alert">
          <p>{invalid ? t("invalid_url") : errorText}</p>
          {!invalid && live ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                failures.current = 0;
                setStatus("loading");
                setAttempt((n) => n + 1);
              }}
            >
              {t("retry")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {autoMuted && muted && status === "ready" ? (
        <button type="button" className="player-unmute" onClick={toggleMute}>
          <VolumeX size={18} aria-hidden />
          {t("tap_to_unmute")}
        </button>
      ) : null}

      <div className={clsx("player-bar", !controlsShown && "player-bar-hidden")}>
        {!live ? (
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
            onChange={(event) => {
              const element = video.current;
              if (element) element.currentTime = Number(event.target.value);
              setCurrentTime(Number(event.target.value));
            }}
          />
        ) : null}
        <div className="player-row">
          <button type="button" className="player-btn" onClick={togglePlay} aria-label={paused ? t("play") : t("pause")} title={paused ? t("play") : t("pause")} disabled={invalid}>
            {paused ? <Play size={20} aria-hidden /> : <Pause size={20} aria-hidden />}
          </button>
          {/* Toggles keep one name and say their state (aria-pressed); the tooltip says what a click does. */}
          <button type="button" className="player-btn" onClick={toggleMute} aria-label={t("mute")} aria-pressed={muted} title={muted ? t("unmute") : t("mute")}>
            {muted ? <VolumeX size={20} aria-hidden /> : <Volume2 size={20} aria-hidden />}
          </button>
          <input
            type="range"
            className="player-volume"
            min={0}
            max={1}
            step={VOLUME_STEP}
            value={shownVolume}
            aria-label={t("volume")}
            aria-valuetext={`${Math.round(shownVolume * 100)} %`}
            style={{ "--progress": `${shownVolume * 100}%` } as React.CSSProperties}
            onChange={(event) => {
              const element = video.current;
              if (!element) return;
              const value = Number(event.target.value);
              element.volume = value;
              element.muted = value === 0;
              // Set at once: waiting for "volumechange" lets React put the old value back between fast key presses.
              setMuted(value === 0);
              if (value > 0) setVolume(value);
              setAutoMuted(false);
            }}
          />
          {live ? (
            <span className="player-live-badge">{t("live")}</span>
          ) : (
            <span className="player-time tabular">
              <span>{formatDuration(currentTime)}</span>
              <span aria-hidden> / </span>
              <span className="sr-only">{t("of")}</span>
              <span>{formatDuration(duration)}</span>
            </span>
          )}
          <span className="player-spacer" />
          <div className="player-settings">
            <button
              ref={settingsButton}
              type="button"
              className="player-btn"
              aria-label={t("settings")}
              title={t("settings")}
              aria-haspopup="menu"
              aria-expanded={menu.open}
              aria-controls={menu.open ? menuId : undefined}
              onClick={() => setMenu((current) => ({ open: !current.open, panel: null }))}
            >
              <Settings size={20} aria-hidden />
            </button>
            {menu.open ? (
              <SettingsMenu
                id={menuId}
                sections={sections}
                panel={menu.panel}
                onPanel={(panel) => setMenu({ open: true, panel: panel as Panel | null })}
                onClose={() => {
                  // A choice or Escape gives focus back to the gear; a click elsewhere leaves it where it went.
                  setMenu({ open: false, panel: null });
                  settingsButton.current?.focus();
                }}
              />
            ) : null}
          </div>
          <button type="button" className="player-btn" onClick={toggleFullscreen} aria-label={t("enter_fullscreen")} aria-pressed={fullscreen} title={fullscreen ? t("exit_fullscreen") : t("enter_fullscreen")}>
            {fullscreen ? <Minimize size={20} aria-hidden /> : <Maximize size={20} aria-hidden />}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Starts playback; when the browser refuses sound without a click, starts muted instead. */
async function startPlaying(element: HTMLVideoElement, onMuted: () => void): Promise<void> {
  try {
    await element.play();
  } catch (error) {
    if ((error as DOMException)?.name !== "NotAllowedError") return;
    element.muted = true;
    onMuted();
    await element.play().catch(() => undefined);
  }
}

function isTyping(target: HTMLElement): boolean {
  return target.isContentEditable || Boolean(target.closest("input:not([type=range]):not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable=''], [contenteditable='true']"));
}
