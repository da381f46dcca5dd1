import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { RichText } from "./rich-text.tsx";
import "../../../styles/legal.css";
import "../../../i18n/screens/terms.ts";
import "../../../i18n/screens/legal.ts";

/** The order of spec 01 §2 "Legal pages". */
const SECTIONS = ["general", "license", "definitions", "restrictions", "refund", "cookies", "termination", "liability", "arbitration", "claims", "changes", "contact"] as const;

/** /terms-and-conditions: a static text with a table of contents, in the interface language. */
export function TermsPage() {
  const { t } = useTranslation("terms");
  return (
    <main className="page legal-page">
      <article className="legal-document terms-document">
        <header className="legal-header">
          <p className="legal-eyebrow">{t("eyebrow")}</p>
          <h1>{t("page_title")}</h1>
          <p className="legal-intro">{t("intro")}</p>
        </header>
        <nav className="legal-toc" aria-labelledby="terms-toc-title" id="terms-contents">
          <h2 id="terms-toc-title">{t("toc_title")}</h2>
          <ol>
            {SECTIONS.map((id) => (
              <li key={id}>
                <a href={`#terms-${id}`}>{t(`section_${id}_title`)}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal-content">
          {SECTIONS.map((id, index) => (
            <section key={id} id={`terms-${id}`} aria-labelledby={`terms-${id}-title`} className="terms-section">
              <h2 id={`terms-${id}-title`}>
                <span className="terms-section-number tabular">{index + 1}.</span> {t(`section_${id}_title`)}
              </h2>
              <RichText text={t(`section_${id}_text`)} />
              <a href="#terms-contents" className="terms-back small">
                {t("back_to_contents")}
              </a>
            </section>
          ))}
        </div>
        <footer className="terms-see-also">
          <h2>{t("see_also")}</h2>
          <div className="legal-nav">
            <Link to="/legal/$type" params={{ type: "cgu" }} className="legal-nav-link">
              {t("legal:nav_cgu")}
            </Link>
            <Link to="/privacy-policy" className="legal-nav-link">
              {t("legal:nav_rgpd")}
            </Link>
            <Link to="/legal/$type" params={{ type: "mentions-legales" }} className="legal-nav-link">
              {t("legal:nav_mentions_legales")}
            </Link>
            <Link to="/settings/cookies" className="legal-nav-link">
              {t("common:footer_cookies")}
            </Link>
          </div>
        </footer>
      </article>
    </main>
  );
}
