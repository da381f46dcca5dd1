import { embedLook } from "./embed-look.ts";
import { createStore, useStore } from "./store.ts";

type Theme = "dark" | "light";
const THEME_KEY = "darkMode";

/** Dark when the user chose it, or when nothing is stored and the system prefers dark (spec 01 §4). */
function initialTheme(): Theme {
  const embedTheme = embedLook()?.theme;
  if (embedTheme) return embedTheme;
  const stored = localStorage.getItem(THEME_KEY);
  if (stored !== null) return stored === "true" ? "dark" : "light";
  return window.matchMedia?.("(prefers-color-scheme: light)").matches ? "light" : "dark";
}

export const themeStore = createStore<Theme>(initialTheme());

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(THEME_KEY, String(theme === "dark"));
  themeStore.set(theme);
  applyTheme(theme);
  // Other parts (the player, embedded widgets) listen for this instead of reading storage.
  window.dispatchEvent(new CustomEvent("darkmode", { detail: theme === "dark" }));
}

export function useTheme(): Theme {
  return useStore(themeStore);
}
