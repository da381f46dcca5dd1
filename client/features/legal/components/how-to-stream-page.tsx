import { Link } from "@tanstack/react-router";
import { BookOpen, Download, KeyRound, Radio } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { useIngestAddress } from "../api/get-ingest-address.ts";
import { CopyField } from "../../../components/copy-field.tsx";
import { RichText } from "./rich-text.tsx";
import "../../../styles/legal.css";
import "../../../i18n/screens/howto.ts";

/** The three broadcasters of spec 01 §2, linked to their own sites; nothing is loaded from them. */
const BROADCASTERS = [
  {
    id: "obs",
    name: "OBS Studio",
    monogram: "OBS",
    platforms: "Windows · macOS · Linux",
    guide: "https://obsproject.com/kb/quick-start-guide",
    download: "https://obsproject.com/download",
  },
  {
    id: "streamlabs",
    name: "Streamlabs Desktop",
    monogram: "SL",
    platforms: "Windows · macOS",
    guide: "https://streamlabs.com/content-hub/post/getting-started-with-streamlabs-desktop",
    download: "https://streamlabs.com/streamlabs-live-streaming-software",
  },
  {
    id: "xsplit",
    name: "XSplit Broadcaster",
    monogram: "XS",
    platforms: "Windows",
    guide: "https://www.xsplit.com/broadcaster/getting-started",
    download: "https://www.xsplit.com/broadcaster",
  },
] as const;

/** Suggested video bitrates (kbps) for a constant-bitrate stream. */
const BITRATES = [
  { label: "1080p · 60 fps", kbps: 6000 },
  { label: "1080p · 30 fps", kbps: 4500 },
  { label: "720p · 60 fps", kbps: 4500 },
  { label: "720p · 30 fps", kbps: 3000 },
] as const;

/** /how-to-stream: download a broadcaster, set it up with the server address and key, go live. */
export function HowToStreamPage({ onOpenGoLive }: { onOpenGoLive: () => void }) {
  const { t, i18n } = useTranslation("howto");
  const lang = i18n.language === "en" ? "en" : "fr";
  const number = new Intl.NumberFormat(lang === "en" ? "en-GB" : "fr-FR");
  return (
    <main className="page legal-page howto-page">
      <header className="legal-header howto-header">
        <h1>{t("page_title")}</h1>
        <p className="legal-intro">{t("intro")}</p>
      </header>

      <Step number={1} id="download" title={t("download_title")}>
        <p>{t("download_text")}</p>
        <div className="broadcaster-grid">
          {BROADCASTERS.map((app) => (
            <article key={app.id} className="broadcaster-card" aria-labelledby={`broadcaster-${app.id}`}>
              <div className="broadcaster-head">
                <span className={`broadcaster-monogram broadcaster-monogram-${app.id}`} aria-hidden>
                  {app.monogram}
                </span>
                <div>
                  <h3 id={`broadcaster-${app.id}`}>{app.name}</h3>
                  <p className="muted small">{app.platforms}</p>
                </div>
              </div>
              <p className="broadcaster-text">{t(`${app.id}_description`)}</p>
              <div className="broadcaster-links">
                <ExternalLink href={app.guide} className="btn btn-secondary btn-sm" label={`${t("guide")} ${app.name}`}>
                  <BookOpen size={16} aria-hidden /> {t("guide")}
                </ExternalLink>
                <ExternalLink href={app.download} className="btn btn-primary btn-sm" label={`${t("download")} ${app.name}`}>
                  <Download size={16} aria-hidden /> {t("download")}
                </ExternalLink>
              </div>
            </article>
          ))}
        </div>
      </Step>

      <Step number={2} id="setup" title={t("setup_title")}>
        <ol className="howto-substeps">
          <li>
            <h3>{t("setup_copy_title")}</h3>
            <p>{t("setup_copy_text")}</p>
            <IngestAddress />
            <Button variant="secondary" icon={<Radio size={18} aria-hidden />} onClick={onOpenGoLive}>
              {t("open_go_live")}
            </Button>
            <p className="howto-callout" role="note">
              <KeyRound size={18} aria-hidden />
              <span>{t("setup_key_warning")}</span>
            </p>
          </li>
          <li>
            <h3>{t("setup_service_title")}</h3>
            <p>{t("setup_service_text")}</p>
            <Screenshot src={`/how-to-stream/obs-stream-settings-${lang}.svg`} alt={t("img_stream_alt")} caption={t("img_stream_caption")} height={420} />
            <p className="muted small">{t("setup_service_other")}</p>
          </li>
          <li>
            <h3>{t("setup_latency_title")}</h3>
            <p>{t("setup_latency_text")}</p>
            <Screenshot src={`/how-to-stream/obs-output-settings-${lang}.svg`} alt={t("img_output_alt")} caption={t("img_output_caption")} height={460} />
            <table className="bitrate-table">
              <caption>{t("bitrate_caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("bitrate_resolution")}</th>
                  <th scope="col">{t("bitrate_video")}</th>
                </tr>
              </thead>
              <tbody>
                {BITRATES.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td className="tabular">{t("kbps", { value: number.format(row.kbps) })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="muted small">{t("bitrate_note")}</p>
          </li>
          <li id="srt">
            <h3>{t("setup_srt_title")}</h3>
            <p>{t("setup_srt_text")}</p>
            <div className="howto-list">
              <RichText text={t("setup_srt_steps")} />
            </div>
          </li>
        </ol>
      </Step>

      <Step number={3} id="start" title={t("start_title")}>
        <p>{t("start_text")}</p>
        <div className="howto-start">
          <div className="howto-list">
            <RichText text={t("start_steps")} />
          </div>
          <Screenshot src={`/how-to-stream/obs-controls-${lang}.svg`} alt={t("img_controls_alt")} caption={t("img_controls_caption")} height={500} />
        </div>
        <div className="howto-troubleshoot">
          <h3>{t("troubleshoot_title")}</h3>
          <RichText text={t("troubleshoot_steps")} />
          <p>
            {t("more_questions")}{" "}
            <Link to="/legal/$type" params={{ type: "faq" }}>
              {t("faq_link")}
            </Link>
          </p>
        </div>
      </Step>
    </main>
  );
}

/** This server's own RTMP address, so the guide's value is the one to paste (absent when ingest is off). */
function IngestAddress() {
  const { t } = useTranslation("howto");
  const ingest = useIngestAddress();
  if (!ingest.data?.injectionLink) return null;
  return (
    <div className="howto-ingest">
      <CopyField label={t("server_address")} value={ingest.data.injectionLink} copyLabel={t("copy_server_address")} />
    </div>
  );
}

function Step({ number, id, title, children }: { number: number; id: string; title: string; children: ReactNode }) {
  const { t } = useTranslation("howto");
  return (
    <section className="howto-step" aria-labelledby={`howto-${id}`}>
      <header className="howto-step-header">
        <span className="howto-step-number tabular" aria-hidden>
          {number}
        </span>
        <div>
          <p className="legal-eyebrow">{t("step_label", { number })}</p>
          <h2 id={`howto-${id}`}>{title}</h2>
        </div>
      </header>
      <div className="howto-step-body">{children}</div>
    </section>
  );
}

function ExternalLink({ href, className, label, children }: { href: string; className: string; label: string; children: ReactNode }) {
  const { t } = useTranslation("howto");
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" aria-label={`${label} ${t("new_tab")}`}>
      {children}
    </a>
  );
}

/** A hand-drawn mock-up shipped with the app (client/public/how-to-stream), 800 px wide. */
function Screenshot({ src, alt, caption, height }: { src: string; alt: string; caption: string; height: number }) {
  return (
    <figure className="howto-figure">
      {/* Phones show the mock-up small: a tap opens it full size. */}
      <a href={src} target="_blank" rel="noopener noreferrer" className="howto-figure-link">
        <img src={src} alt={alt} loading="lazy" width={800} height={height} />
      </a>
      <figcaption className="muted small">{caption}</figcaption>
    </figure>
  );
}
