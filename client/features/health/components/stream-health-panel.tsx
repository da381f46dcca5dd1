import clsx from "clsx";
import { Activity, CircleCheck, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { HealthWarning, StreamHealth } from "../../../../server/health/schemas.ts";
import { formatRelativeTime } from "../../../lib/format.ts";
import { useStreamHealth } from "../api/get-health.ts";
import "../../../styles/health.css";
import "../../../i18n/screens/health.ts";

/** What OBS's audio takes at most of the site's bitrate: the video gets the rest (the fix the panel gives). */
const AUDIO_KBPS_ADVISED = 160;

/**
 * The streamer's stream health (issue 37, item 1), on their dashboard and their own stream page: what their encoder
 * really sends, measured by the server every 2 s, and each problem with its exact fix in OBS.
 */
export function StreamHealthPanel({ username }: { username: string }) {
  const { t } = useTranslation("health");
  const health = useStreamHealth(username).data;
  if (health === undefined) return null;
  return (
    <section className="health-panel" aria-labelledby="health-panel-title">
      <header className="health-head">
        <h2 id="health-panel-title" className="section-title">
          <Activity size={18} aria-hidden />
          {t("title")}
        </h2>
        {health ? <HealthState health={health} /> : null}
      </header>
      {health ? <HealthBody health={health} /> : <p className="muted">{t("none")}</p>}
    </section>
  );
}

function HealthState({ health }: { health: StreamHealth }) {
  const { t, i18n } = useTranslation("health");
  return (
    <span className="health-state muted small">
      {health.live ? <span className="health-live">{t("live")}</span> : <span>{t("last_live")}</span>}
      <span>{t("updated", { time: formatRelativeTime(health.updatedAt, i18n.language) })}</span>
    </span>
  );
}

function HealthBody({ health }: { health: StreamHealth }) {
  const { t } = useTranslation("health");
  return (
    <>
      {health.warnings.length > 0 ? (
        <ul className="health-warnings">
          {health.warnings.map((warning) => (
            <HealthWarningItem key={warning.code} warning={warning} />
          ))}
        </ul>
      ) : (
        <p className="health-ok">
          <CircleCheck size={16} aria-hidden />
          {t("all_good")}
        </p>
      )}
      {health.refusedCodec ? null : (
        <>
          <HealthFigures health={health} />
          <BitrateGraph points={health.bitratePoints} limit={health.maxBitrateKbps} />
        </>
      )}
    </>
  );
}

function HealthWarningItem({ warning }: { warning: HealthWarning }) {
  const { t } = useTranslation("health");
  const number = useNumber();
  const values = {
    value: warning.value === null ? "" : number(warning.value),
    delay: warning.limit === null ? "" : number(warning.limit),
    limit: warning.limit === null ? "" : number(warning.limit),
    video: warning.limit === null ? "" : number(warning.limit - AUDIO_KBPS_ADVISED),
    codec: warning.codec ?? "",
  };
  return (
    <li className="health-warning" role="alert" data-warning={warning.code}>
      <TriangleAlert size={18} aria-hidden />
      <div>
        <strong>{t(`warn_${warning.code}_title`, values)}</strong>
        <p>{t(`warn_${warning.code}_fix`, values)}</p>
      </div>
    </li>
  );
}

/** Numbers as the streamer's language writes them (8,3 in French), one decimal at most. */
function useNumber() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (value: number) => format.format(value);
}

function HealthFigures({ health }: { health: StreamHealth }) {
  const { t } = useTranslation("health");
  const number = useNumber();
  const dash = t("unknown");
  const totalKbps = health.videoKbps === null ? null : health.videoKbps + (health.audioKbps ?? 0);
  const audio = health.audioCodec
    ? [health.audioCodec, health.audioSampleRate ? t("khz", { value: number(health.audioSampleRate / 1000) }) : null, health.audioKbps !== null ? t("kbps", { value: number(health.audioKbps) }) : null]
        .filter(Boolean)
        .join(" · ")
    : t("no_audio_value");
  const figures = [
    { key: "video", value: health.videoCodec ?? dash },
    { key: "resolution", value: health.width && health.height ? `${health.width}×${health.height}` : dash },
    { key: "fps", value: health.fps === null ? dash : t("fps_value", { value: number(health.fps) }) },
    { key: "bitrate", value: totalKbps === null ? dash : t("kbps", { value: number(totalKbps) }) },
    { key: "keyframes", value: health.keyframeIntervalMs === null ? dash : t("seconds", { value: number(health.keyframeIntervalMs / 1000) }) },
    { key: "audio", value: audio },
    { key: "reconnects", value: number(health.reconnects) },
    { key: "protocol", value: health.protocol.toUpperCase() },
  ];
  const warned = new Set(health.warnings.map((w) => w.code));
  const isWarned = (key: string) =>
    (key === "keyframes" && warned.has("keyframe_interval")) ||
    (key === "bitrate" && warned.has("bitrate_too_high")) ||
    (key === "fps" && warned.has("fps_unstable")) ||
    (key === "audio" && warned.has("no_audio"));
  return (
    <dl className="health-figures">
      {figures.map((figure) => (
        <div key={figure.key} data-figure={figure.key} className={clsx(isWarned(figure.key) && "health-figure-warned")}>
          <dt className="muted small">{t(figure.key)}</dt>
          <dd className="tabular">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const GRAPH_WIDTH = 300;
const GRAPH_HEIGHT = 56;

/** The bitrate of the last minutes as a line, with the site's maximum dashed when the line comes near it. No chart library: a few points of SVG. */
function BitrateGraph({ points, limit }: { points: StreamHealth["bitratePoints"]; limit: number }) {
  const { t } = useTranslation("health");
  const number = useNumber();
  if (points.length < 2) return null;
  const values = points.map((p) => p.kbps);
  const highest = Math.max(...values);
  const top = Math.max(highest * 1.15, 1);
  const first = points[0]!.at;
  const span = Math.max(points.at(-1)!.at - first, 1);
  const x = (at: number) => ((at - first) / span) * GRAPH_WIDTH;
  const y = (kbps: number) => GRAPH_HEIGHT - (kbps / top) * GRAPH_HEIGHT;
  const line = points.map((p) => `${x(p.at).toFixed(1)},${y(p.kbps).toFixed(1)}`).join(" ");
  const label = t("graph", { min: number(Math.min(...values)), max: number(highest), limit: number(limit) });
  return (
    <figure className="health-graph">
      <figcaption className="muted small">
        {t("graph_caption")} · {t("site_limit", { limit: number(limit) })}
      </figcaption>
      <svg viewBox={`0 0 ${GRAPH_WIDTH} ${GRAPH_HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label}>
        <polyline className="health-graph-area" points={`0,${GRAPH_HEIGHT} ${line} ${GRAPH_WIDTH},${GRAPH_HEIGHT}`} />
        <polyline className="health-graph-line" points={line} vectorEffect="non-scaling-stroke" />
        {limit <= top ? <line className="health-graph-limit" x1={0} x2={GRAPH_WIDTH} y1={y(limit)} y2={y(limit)} vectorEffect="non-scaling-stroke" /> : null}
      </svg>
    </figure>
  );
}
