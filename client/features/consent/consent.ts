import { createStore, useStore } from "../../lib/store.ts";

const CONSENT_KEY = "cookieConsent";

interface CookieConsent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
  timestamp: number;
}

export type ConsentChoices = Pick<CookieConsent, "analytics" | "marketing" | "preferences">;

/** A stored choice counts only if it is whole; anything else asks again. */
function readConsent(): CookieConsent | null {
  try {
    const stored = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? "null") as Partial<CookieConsent> | null;
    if (!stored || typeof stored.timestamp !== "number") return null;
    const { analytics, marketing, preferences } = stored;
    if (typeof analytics !== "boolean" || typeof marketing !== "boolean" || typeof preferences !== "boolean") return null;
    return { necessary: true, analytics, marketing, preferences, timestamp: stored.timestamp };
  } catch {
    return null;
  }
}

/** The visitor's cookie choice, stored under `cookieConsent` with the time it was made (spec 01 §3). */
const consentStore = createStore<CookieConsent | null>(readConsent());

// A choice made in another tab closes this tab's banner too.
window.addEventListener("storage", (event) => {
  if (event.key === CONSENT_KEY || event.key === null) consentStore.set(readConsent());
});

export function saveConsent(choices: ConsentChoices): CookieConsent {
  const consent: CookieConsent = { necessary: true, analytics: choices.analytics, marketing: choices.marketing, preferences: choices.preferences, timestamp: Date.now() };
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // Storage refused: the choice holds for this page, and the banner asks again next visit.
  }
  consentStore.set(consent);
  return consent;
}

export const ALL = { analytics: true, marketing: true, preferences: true };
export const NONE = { analytics: false, marketing: false, preferences: false };

export function useConsent(): CookieConsent | null {
  return useStore(consentStore);
}
