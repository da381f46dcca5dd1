import clsx from "clsx";
import { ExternalLink } from "lucide-react";
import { type MouseEvent, type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSite } from "../../data/site.ts";
import { sitePageUrl } from "../../lib/embeds.ts";
import "../../styles/embeds.css";
import "../../i18n/screens/embeds.ts";

/**
 * An embed page (issue 36, item 3): the content alone, on whatever the host page draws behind it. Every link
 * opens the site in a new tab: a frame that navigated to another page of the site would be refused (only the
 * embed pages may be framed), and the reader belongs on the site to log in, buy or write.
 */
export function EmbedFrame({ children, className, label }: { children: ReactNode; className?: string; label: string }) {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add("embedded");
    return () => root.classList.remove("embedded");
  }, []);
  return (
    <main className={clsx("embed-page", className)} aria-label={label} onClickCapture={openLinksOutside}>
      {children}
    </main>
  );
}

function openLinksOutside(event: MouseEvent) {
  const link = (event.target as Element).closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
  event.preventDefault();
  window.open(link.href, "_blank", "noopener");
}

/** A link to a page of the site, named after the site ("Regarder sur Arena"), in a new tab. */
export function SiteLink({ path, text, primary = false }: { path: string; text: "watch_on_site" | "open_on_site" | "chat_on_site" | "get_ticket"; primary?: boolean }) {
  const { t } = useTranslation("embeds");
  const site = useSite().data?.name ?? "Arena";
  return (
    <a className={clsx("btn btn-sm", primary ? "btn-primary" : "btn-secondary", "embed-site-link")} href={sitePageUrl(path)} target="_blank" rel="noopener">
      {t(text, { site })}
      <ExternalLink size={14} aria-hidden />
    </a>
  );
}

/** What an embed shows in place of its content: a title, a sentence, the way to the site. */
export function EmbedMessage({ icon, title, text, children }: { icon?: ReactNode; title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="embed-message" role="status">
      {icon}
      <h1>{title}</h1>
      {text ? <p>{text}</p> : null}
      {children}
    </div>
  );
}

/** The site's name, for the embeds' sentences. */
export function useSiteName(): string {
  return useSite().data?.name ?? "Arena";
}
