import { createFileRoute } from "@tanstack/react-router";
import { Check } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/button.tsx";
import { ALL, type ConsentChoices, NONE, saveConsent, useConsent } from "../features/consent/consent.ts";
import { ConsentSwitches } from "../features/consent/components/consent-switches.tsx";
import "../styles/consent.css";

export const Route = createFileRoute("/settings/cookies")({ component: CookieSettingsScreen });

/** Spec 01 §9: the saved message stays 3 s. */
const SAVED_MESSAGE_MS = 3000;

/** Spec 01 §2: the four switches (necessary always on), Save preferences, Accept all, Refuse all. */
function CookieSettingsScreen() {
  const { t } = useTranslation("consent");
  const consent = useConsent();
  const [choices, setChoices] = useState<ConsentChoices>(consent ?? NONE);
  // Each save restarts the 3 s, even when the message is already showing.
  const [savedAt, setSavedAt] = useState<number | null>(null);

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const store = (next: ConsentChoices) => {
    setChoices(next);
    setSavedAt(saveConsent(next).timestamp);
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
      {/* The live region is always there so the confirmation is announced when it appears. */}
      <div role="status" className="consent-status">
        {savedAt !== null ? (
          <p className="consent-saved">
            <Check size={18} aria-hidden />
            {t("saved")}
          </p>
        ) : null}
      </div>
    </main>
  );
}
