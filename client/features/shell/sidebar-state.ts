import { useEffect, useState } from "react";
import { createStore, useStore } from "../../lib/store.ts";

const COLLAPSED_KEY = "sidebarCollapsed";

/** The user's own choice, remembered; below 1200 px the sidebar is collapsed whatever it is (spec 01 §9). */
const sidebarCollapsedStore = createStore(localStorage.getItem(COLLAPSED_KEY) === "true");
sidebarCollapsedStore.subscribe(() => localStorage.setItem(COLLAPSED_KEY, String(sidebarCollapsedStore.get())));

/** On phones the sidebar is a drawer opened by the menu button. */
export const mobileDrawerStore = createStore(false);

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}

export function useSidebar() {
  const chosenCollapsed = useStore(sidebarCollapsedStore);
  const narrow = useMediaQuery("(max-width: 1199.98px)");
  const phone = useMediaQuery("(max-width: 767.98px)");
  const drawerOpen = useStore(mobileDrawerStore);
  return { collapsed: phone ? false : narrow || chosenCollapsed, phone, drawerOpen, narrow };
}

export function toggleSidebar(phone: boolean): void {
  if (phone) mobileDrawerStore.set((open) => !open);
  else sidebarCollapsedStore.set((collapsed) => !collapsed);
}
