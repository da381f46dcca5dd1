import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { changeLanguage, LANGUAGES, type Language } from "../../../lib/i18n.ts";
import "../../../styles/overlays.css";
import "../../../i18n/screens/overlays.ts";

/**
 * What every OBS overlay page is drawn in (issue 36, item 4): a 1920×1080 browser source, transparent around what it
 * shows (the page's own background is taken away), in the language (?lang=en) and theme (?theme=light) its address
 * asks, or French and the page's theme.
 */
export function OverlayPage({ lang, label, children }: { lang?: string; label: string; children: ReactNode }) {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add("overlay-document");
    // OBS has no saved theme: the address may choose one (?theme=light), else the page's own choice stands.
    const theme = new URLSearchParams(window.location.search).get("theme");
    if (theme === "light" || theme === "dark") root.dataset.theme = theme;
    return () => root.classList.remove("overlay-document");
  }, []);
  useEffect(() => {
    if (lang && (LANGUAGES as readonly string[]).includes(lang)) void changeLanguage(lang as Language);
  }, [lang]);
  useEffect(() => {
    document.title = label;
  }, [label]);
  return <main className="overlay-stage">{children}</main>;
}

/** An address that opens nothing (an old one after a reset): said where OBS shows it, for the streamer to fix. */
export function OverlayGone() {
  const { t } = useTranslation("overlays");
  return (
    <p className="overlay-gone" role="alert">
      {t("gone")}
    </p>
  );
}
