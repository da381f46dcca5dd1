import { createStore, useStore } from "../../lib/store.ts";

export const CONSENT_KEY = "cookieConsent";

export interface CookieConsent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
  timestamp: number;
}

export type ConsentChoices = Pick<CookieConsent, "analytics" | "marketing" | "preferences">;

function readConsent(): CookieConsent | null {
  try {
    const stored = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? "null") as CookieConsent | null;
    return stored && typeof stored.timestamp === "number" ? stored : null;
  } catch {
    return null;
  }
}

/** The visitor's cookie choice, stored under `cookieConsent` with the time it was made (spec 01 §3). */
export const consentStore = createStore<CookieConsent | null>(readConsent());

export function saveConsent(choices: ConsentChoices): CookieConsent {
  const consent: CookieConsent = { necessary: true, ...choices, timestamp: Date.now() };
  localStorage.setItem(CONSENT_KEY, JSON.stringify(consent));
  consentStore.set(consent);
  return consent;
}

export const ALL = { analytics: true, marketing: true, preferences: true };
export const NONE = { analytics: false, marketing: false, preferences: false };

export function useConsent(): CookieConsent | null {
  return useStore(consentStore);
}
