import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { Modal } from "../../components/modal.tsx";
import { ALL, type ConsentChoices, NONE, saveConsent, useConsent } from "./consent.ts";
import { ConsentSwitches } from "./consent-switches.tsx";
import "../../styles/consent.css";

const BANNER_DELAY_MS = 500;

/** Shown about 500 ms after load while no choice is stored: Accept all, Reject, or Customize. */
export function CookieBanner() {
  const { t } = useTranslation("consent");
  const consent = useConsent();
  const [visible, setVisible] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  const [choices, setChoices] = useState<ConsentChoices>(NONE);

  useEffect(() => {
    if (consent) return setVisible(false);
    const timer = setTimeout(() => setVisible(true), BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [consent]);

  if (!visible) return null;
  return (
    <>
      <section className="cookie-banner" role="region" aria-label={t("banner_label")}>
        <p>
          {t("banner_text")} <Link to="/settings/cookies">{t("learn_more")}</Link>
        </p>
        <div className="cookie-banner-actions">
          <Button variant="ghost" onClick={() => setCustomizing(true)}>
            {t("customize")}
          </Button>
          <Button variant="secondary" onClick={() => saveConsent(NONE)}>
            {t("reject")}
          </Button>
          <Button onClick={() => saveConsent(ALL)}>{t("accept_all")}</Button>
        </div>
      </section>
      <Modal
        open={customizing}
        onClose={() => setCustomizing(false)}
        title={t("customize_title")}
        footer={
          <Button
            onClick={() => {
              saveConsent(choices);
              setCustomizing(false);
            }}
          >
            {t("save")}
          </Button>
        }
      >
        <ConsentSwitches value={choices} onChange={setChoices} />
      </Modal>
    </>
  );
}
