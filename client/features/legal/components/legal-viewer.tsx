import { Link, useNavigate } from "@tanstack/react-router";
import clsx from "clsx";
import { Mail, MapPin, Phone } from "lucide-react";
import { type MouseEvent, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { QueryFailure, QueryState } from "../../../components/query-state.tsx";
import { LEGAL_TYPES, type LegalType } from "../../../../server/legal/schemas.ts";
import { type LegalView, useLegalDocument } from "../api/get-legal-document.ts";
import { formatLegalDate } from "../format-date.ts";
import { sanitizeLegalHtml } from "../sanitize.ts";
import "../../../styles/legal.css";
import "../../../i18n/screens/legal.ts";

function isLegalType(value: string): value is LegalType {
  return (LEGAL_TYPES as readonly string[]).includes(value);
}

/** The generic legal viewer of spec 01 §2: /legal/{type} and /privacy-policy. */
export function LegalViewer({ type }: { type: string }) {
  const { t, i18n } = useTranslation("legal");
  const known = isLegalType(type) ? type : null;
  const query = useLegalDocument(known, i18n.language);

  // Spec 01 §8: a title, a message and the error's own text.
  const failure = (detail: string) => ({ title: t("error_title"), text: t("error_message"), detail });
  return (
    <main className="page legal-page">
      <LegalNav current={known} />
      {known ? (
        <QueryState page query={query} loadingText={t("loading")} failure={(error) => failure(error.message)}>
          {(document) => <LegalDocumentView document={document} lang={i18n.language} />}
        </QueryState>
      ) : (
        <QueryFailure page failure={{ ...failure(t("unknown_type", { type })), retry: false }} />
      )}
    </main>
  );
}

function LegalNav({ current }: { current: LegalType | null }) {
  const { t } = useTranslation("legal");
  return (
    <nav className="legal-nav" aria-label={t("documents_nav")}>
      {LEGAL_TYPES.map((type) => (
        <Link key={type} to="/legal/$type" params={{ type }} className={clsx("legal-nav-link", type === current && "legal-nav-link-active")} aria-current={type === current ? "page" : undefined}>
          {t(`nav_${type.replace("-", "_")}`)}
        </Link>
      ))}
    </nav>
  );
}

function LegalDocumentView({ document, lang }: { document: LegalView; lang: string }) {
  const { t } = useTranslation("legal");
  const navigate = useNavigate();
  const html = useMemo(() => sanitizeLegalHtml(document.content), [document.content]);
  const date = formatLegalDate(document.updated_at, lang);
  const { email, phone, address } = document.contact;

  // Links to the app's own pages stay inside the app instead of reloading it.
  function followInternalLink(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest("a");
    const href = link?.getAttribute("href");
    if (!link || !href?.startsWith("/") || href.startsWith("//") || link.target || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate({ to: href });
  }

  return (
    <article className="legal-document">
      <header className="legal-header">
        <p className="legal-eyebrow">{t("eyebrow")}</p>
        <h1>{document.title}</h1>
        <p className="legal-meta">
          {date ? (
            <span>
              {t("updated_on")} <time dateTime={document.updated_at}>{date}</time>
            </span>
          ) : null}
          {document.version !== "" ? <span className="legal-version tabular">{t("version", { version: document.version })}</span> : null}
        </p>
      </header>
      {html.trim() ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitizeLegalHtml (DOMPurify, spec 01 §5's allow-list) cleaned it just above.
        <div className="legal-content" onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="legal-unavailable" role="status">
          {t("content_unavailable")}
        </p>
      )}
      {email || phone || address ? (
        <aside className="legal-contact" aria-labelledby="legal-contact-title">
          <h2 id="legal-contact-title">{t("contact_title")}</h2>
          <dl>
            {email ? (
              <div>
                <dt>
                  <Mail size={16} aria-hidden /> {t("contact_email")}
                </dt>
                <dd>
                  <a href={`mailto:${email}`}>{email}</a>
                </dd>
              </div>
            ) : null}
            {phone ? (
              <div>
                <dt>
                  <Phone size={16} aria-hidden /> {t("contact_phone")}
                </dt>
                <dd>
                  <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>
                </dd>
              </div>
            ) : null}
            {address ? (
              <div>
                <dt>
                  <MapPin size={16} aria-hidden /> {t("contact_address")}
                </dt>
                <dd>{address}</dd>
              </div>
            ) : null}
          </dl>
        </aside>
      ) : null}
    </article>
  );
}
