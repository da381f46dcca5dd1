import { Camera, Monitor } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { type BrowserLive, bitrateForConnection, canShareScreen, openCamera, openScreen, publishOverWhip, WhipRefusal } from "../browser-live/whip-publisher.ts";
import { useIsPhone } from "../use-is-phone.ts";
import "../../../i18n/screens/golive.ts";

type Source = "camera" | "screen";
type Phase = "idle" | "preview" | "starting" | "live";

const BITRATES_KBPS = [1000, 2500, 4000, 6000];

/**
 * "Go live from this browser" (issue 37, item 3): the camera and microphone, or a shared screen, previewed, then
 * sent to Arena's WHIP route with the channel's stream key. Loaded only when the streamer opens it (its own chunk).
 */
export function BrowserLivePanel({ streamKey }: { streamKey: string }) {
  const { t, i18n } = useTranslation("golive");
  const phone = useIsPhone();
  const bitrateId = useId();
  const [source, setSource] = useState<Source>("camera");
  const [media, setMedia] = useState<MediaStream | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<string | null>(null);
  const suggested = useState(bitrateForConnection)[0];
  const [kbps, setKbps] = useState(suggested);
  const live = useRef<BrowserLive | null>(null);
  const preview = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = media;
  }, [media]);

  // Closing the dialog ends the live and lets the camera go: nothing keeps streaming unseen.
  useEffect(() => () => void live.current?.stop(), []);
  useEffect(() => () => media?.getTracks().forEach((track) => track.stop()), [media]);

  const choose = async (next: Source) => {
    setSource(next);
    setError(null);
    try {
      setMedia(next === "camera" ? await openCamera(phone) : await openScreen());
      setPhase("preview");
    } catch {
      setMedia(null);
      setPhase("idle");
      setError(next === "camera" ? t("camera_refused") : t("screen_refused"));
    }
  };

  const start = async () => {
    if (!media) return;
    setPhase("starting");
    setError(null);
    try {
      live.current = await publishOverWhip(media, streamKey, kbps);
      live.current.onDropped(() => {
        live.current = null;
        setPhase("preview");
        setError(t("dropped"));
      });
      setPhase("live");
    } catch (failure) {
      setPhase("preview");
      setError(failure instanceof WhipRefusal && failure.status === 409 ? t("already_live") : failure instanceof WhipRefusal && failure.status === 503 ? t("whip_off") : t("start_failed"));
    }
  };

  const stop = async () => {
    await live.current?.stop();
    live.current = null;
    setPhase("preview");
  };

  return (
    <section className="browser-live" aria-labelledby={`${bitrateId}-title`}>
      <h3 id={`${bitrateId}-title`}>{t("title")}</h3>
      <p className="muted small">{t("intro")}</p>
      <div className="browser-live-sources" role="group" aria-label={t("source_label")}>
        <Button
          variant={source === "camera" && media ? "primary" : "secondary"}
          icon={<Camera size={16} aria-hidden />}
          aria-pressed={source === "camera" && media !== null}
          disabled={phase === "starting" || phase === "live"}
          onClick={() => void choose("camera")}
        >
          {t("camera")}
        </Button>
        {canShareScreen() ? (
          <Button
            variant={source === "screen" && media ? "primary" : "secondary"}
            icon={<Monitor size={16} aria-hidden />}
            aria-pressed={source === "screen" && media !== null}
            disabled={phase === "starting" || phase === "live"}
            onClick={() => void choose("screen")}
          >
            {t("screen")}
          </Button>
        ) : null}
      </div>
      {media ? <video ref={preview} className="browser-live-preview" aria-label={t("preview_label")} autoPlay muted playsInline /> : null}
      <div className="field">
        <label htmlFor={bitrateId}>{t("bitrate_label")}</label>
        <select id={bitrateId} value={kbps} disabled={phase === "starting" || phase === "live"} onChange={(event) => setKbps(Number(event.target.value))}>
          {[...new Set([suggested, ...BITRATES_KBPS])]
            .sort((a, b) => a - b)
            .map((value) => (
              <option key={value} value={value}>
                {value === suggested
                  ? t("bitrate_suggested", { mbps: (value / 1000).toLocaleString(i18n.language, { maximumFractionDigits: 1 }) })
                  : t("bitrate", { mbps: (value / 1000).toLocaleString(i18n.language, { maximumFractionDigits: 1 }) })}
              </option>
            ))}
        </select>
      </div>
      <p role="status" className={error ? "field-error" : "muted small"}>
        {error ?? (phase === "live" ? t("live_now") : phase === "starting" ? t("starting") : media ? t("ready") : t("choose_source"))}
      </p>
      <div className="setup-actions">
        {phase === "live" ? (
          <Button variant="danger" onClick={() => void stop()}>
            {t("stop")}
          </Button>
        ) : (
          <Button disabled={!media} busy={phase === "starting"} busyLabel={t("starting")} onClick={() => void start()}>
            {t("start")}
          </Button>
        )}
      </div>
    </section>
  );
}
