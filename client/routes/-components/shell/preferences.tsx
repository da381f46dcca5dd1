import clsx from "clsx";
import { Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { changeLanguage, type Language, LANGUAGES } from "../../../lib/i18n.ts";
import { setTheme, useTheme } from "../../../lib/theme.ts";

// The theme and the language: in the top bar, and in the menu's drawer on a phone (issue 34, item 8).

export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button type="button" className={clsx("icon-btn", className)} onClick={() => setTheme(next)} aria-label={t(next === "light" ? "theme_light" : "theme_dark")}>
      {theme === "dark" ? <Sun size={20} aria-hidden /> : <Moon size={20} aria-hidden />}
    </button>
  );
}

export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <select className={clsx("language-select", className)} value={i18n.language} onChange={(event) => void changeLanguage(event.target.value as Language)} aria-label={t("language")}>
      {LANGUAGES.map((lang) => (
        <option key={lang} value={lang}>
          {lang.toUpperCase()}
        </option>
      ))}
    </select>
  );
}
