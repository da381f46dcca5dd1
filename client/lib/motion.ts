import { useSyncExternalStore } from "react";

const REDUCE = "(prefers-reduced-motion: reduce)";

/** Whether the system asks for less motion; CSS follows it through `--motion` (tokens.css), scripts through this. */
function prefersReducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia(REDUCE).matches;
}

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== "function") return () => undefined;
  const query = matchMedia(REDUCE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Follows the setting live: turning it on while the page is open stops what moves. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}

/** Smooth scrolling, unless the system asks for less motion. */
export const scrollBehavior = (): ScrollBehavior => (prefersReducedMotion() ? "auto" : "smooth");
