import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import enAuth from "../i18n/locales/en/auth.json";
import enCommon from "../i18n/locales/en/common.json";
import enErrors from "../i18n/locales/en/errors.json";
import frAuth from "../i18n/locales/fr/auth.json";
import frCommon from "../i18n/locales/fr/common.json";
import frErrors from "../i18n/locales/fr/errors.json";

export const LANGUAGE_KEY = "language";

export function initI18n() {
  const saved = localStorage.getItem(LANGUAGE_KEY);
  return i18next.use(initReactI18next).init({
    lng: saved === "en" ? "en" : "fr",
    fallbackLng: "fr",
    defaultNS: "common",
    resources: {
      fr: { common: frCommon, errors: frErrors, auth: frAuth },
      en: { common: enCommon, errors: enErrors, auth: enAuth },
    },
    interpolation: { escapeValue: false },
  });
}
