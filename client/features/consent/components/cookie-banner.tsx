import { Link, useLocation } from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { ALL, type ConsentChoices, NONE, saveConsent, useConsent } from "../consent.ts";
import "../../../styles/consent.css";

// The Customize dialog (the modal, the switches) loads when asked for: the banner is in every first load.
const CookieCustomize = lazy(() => import("./cookie-customize.tsx").then((module) => ({ default: module.CookieCustomize })));

const BANNER_DELAY_MS = 500;
const SETTINGS_PATH = "/settings/cookies";

/** The banner's own spot at the very start of <body>: the first Tab of the page lands on it. */
function bannerHost(): HTMLElement {
  let host = document.getElementById("cookie-banner-host");
  if (!host) {
    host = document.createElement("div");
    host.id = "cookie-banner-host";
    document.body.prepend(host);
  }
  return host;
}

/**
 * Shown about 500 ms after load while no choice is stored (spec 01 §4): Accept all, Reject (only the
 * necessary cookies) or Customize. A sheet at the bottom that leaves the page usable; the page gets
 * room below its content so nothing stays hidden under it. Not shown on the cookie settings page,
 * which asks the same question in full.
 */
export function CookieBanner() {
  const { t } = useTranslation("consent");
  const consent = useConsent();
  const { pathname } = useLocation();
  const [due, setDue] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  const [choices, setChoices] = useState<ConsentChoices>(NONE);
  const textId = useId();
  const banner = useRef<HTMLElement>(null);
  // A stable handler: the dialog re-runs its focus setup whenever onClose changes.
  const closeCustomize = useCallback(() => setCustomizing(false), []);

  useEffect(() => {
    if (consent) return;
    const timer = setTimeout(() => setDue(true), BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [consent]);

  const visible = due && !consent && pathname.replace(/\/$/, "") !== SETTINGS_PATH;

  useEffect(() => {
    const element = banner.current;
    if (!visible || !element) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty("--cookie-banner-space", `${element.offsetHeight + 24}px`);
    reserve();
    root.classList.add("has-cookie-banner");
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.classList.remove("has-cookie-banner");
      root.style.removeProperty("--cookie-banner-space");
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <>
      {createPortal(
        <section ref={banner} className="cookie-banner" aria-label={t("banner_label")} aria-describedby={textId}>
          <p id={textId} className="cookie-banner-text">
            {t("banner_text")} <Link to={SETTINGS_PATH}>{t("learn_more")}</Link>
          </p>
          <div className="cookie-banner-actions">
            <Button variant="ghost" className="cookie-banner-customize" onClick={() => setCustomizing(true)} aria-haspopup="dialog">
              {t("customize")}
            </Button>
            {/* Refusing is exactly as easy and as visible as accepting. */}
            <Button variant="secondary" onClick={() => saveConsent(NONE)}>
              {t("reject")}
            </Button>
            <Button variant="secondary" onClick={() => saveConsent(ALL)}>
              {t("accept_all")}
            </Button>
          </div>
        </section>,
        bannerHost(),
      )}
      {customizing ? (
        <Suspense fallback={null}>
          <CookieCustomize choices={choices} onChange={setChoices} onClose={closeCustomize} />
        </Suspense>
      ) : null}
    </>
  );
}
