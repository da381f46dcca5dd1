import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/button.tsx";
import { ALL, type ConsentChoices, NONE, saveConsent, useConsent } from "../features/consent/consent.ts";
import { ConsentSwitches } from "../features/consent/consent-switches.tsx";
import "../styles/consent.css";

export const Route = createFileRoute("/settings/cookies")({ component: CookieSettingsScreen });

const SAVED_MESSAGE_MS = 3000;

function CookieSettingsScreen() {
  const { t } = useTranslation("consent");
  const consent = useConsent();
  const [choices, setChoices] = useState<ConsentChoices>(consent ?? NONE);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const store = (next: ConsentChoices) => {
    setChoices(next);
    saveConsent(next);
    setSaved(true);
  };

  return (
    <main className="page consent-page">
      <h1>{t("settings_title")}</h1>
      <p className="muted">{t("settings_text")}</p>
      <ConsentSwitches value={choices} onChange={setChoices} />
      <div className="consent-actions">
        <Button onClick={() => store(choices)}>{t("save_preferences")}</Button>
        <Button variant="secondary" onClick={() => store(ALL)}>
          {t("accept_all")}
        </Button>
        <Button variant="secondary" onClick={() => store(NONE)}>
          {t("refuse_all")}
        </Button>
      </div>
      {saved ? (
        <p className="consent-saved" role="status">
          {t("saved")}
        </p>
      ) : null}
    </main>
  );
}
