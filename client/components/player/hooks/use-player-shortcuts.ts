import { useEffect } from "react";

interface PlayerActions {
  togglePlay: () => void;
  toggleMute: () => void;
  toggleFullscreen: () => void;
}

/** F, M and Space anywhere on the page drive the player (spec 01 §2). */
export function usePlayerShortcuts(enabled: boolean, { togglePlay, toggleMute, toggleFullscreen }: PlayerActions) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      // Never while typing (chat, search), nor inside a dialog.
      if (target && (isTyping(target) || target.closest("[role=dialog]"))) return;
      const key = event.key.toLowerCase();
      if (key === "f") {
        event.preventDefault();
        toggleFullscreen();
      } else if (key === "m") {
        event.preventDefault();
        toggleMute();
      } else if (key === " ") {
        // A focused button or link answers Space itself.
        if (target?.closest("button, a[href], [role=menuitem], [role=menuitemradio], [role=tab], [role=slider], input")) return;
        event.preventDefault();
        togglePlay();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [enabled, toggleFullscreen, toggleMute, togglePlay]);
}

function isTyping(target: HTMLElement): boolean {
  return target.isContentEditable || Boolean(target.closest("input:not([type=range]):not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable=''], [contenteditable='true']"));
}
