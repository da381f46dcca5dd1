import { useCallback, useEffect, useRef, useState } from "react";
import { CONTROLS_HIDE_MS } from "../lib/player-config.ts";

interface VisibilityOptions {
  paused: boolean;
  menuOpen: boolean;
  ready: boolean;
}

/** The control bar: shown while paused, loading or in the menu; else any touch or movement shows it for 6 s (spec 01 §9). */
export function useControlsVisibility({ paused, menuOpen, ready }: VisibilityOptions) {
  const [active, setActive] = useState(true);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const poke = useCallback(() => {
    setActive(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setActive(false), CONTROLS_HIDE_MS);
  }, []);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const hide = () => setActive(false);
  // A stall shows the bar as well, but only to say the player is loading: a tap then still only shows the controls.
  const shownByUser = active || paused || menuOpen;
  return { shown: shownByUser || !ready, shownByUser, poke, hide };
}
