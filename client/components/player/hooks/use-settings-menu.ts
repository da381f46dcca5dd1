import { useCallback, useEffect, useId, useRef, useState } from "react";

export type MenuPanel = "quality" | "latency" | "speed";
export type SettingsMenuState = ReturnType<typeof useSettingsMenu>;

/** The gear's menu: open or not, which panel, closed by a press anywhere outside it. */
export function useSettingsMenu(container: React.RefObject<HTMLElement | null>) {
  const menuId = useId();
  const settingsButton = useRef<HTMLButtonElement>(null);
  const [menu, setMenu] = useState<{ open: boolean; panel: MenuPanel | null }>({ open: false, panel: null });

  // A click anywhere else closes the settings menu.
  useEffect(() => {
    if (!menu.open) return;
    const onDown = (event: globalThis.PointerEvent) => {
      if (!(event.target instanceof Node) || !container.current?.querySelector(".player-settings")?.contains(event.target)) setMenu({ open: false, panel: null });
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [menu.open, container]);

  const toggle = useCallback(() => setMenu((current) => ({ open: !current.open, panel: null })), []);
  const showPanel = useCallback((panel: MenuPanel | null) => setMenu({ open: true, panel }), []);
  /** A choice or Escape gives focus back to the gear; a click elsewhere leaves it where it went. */
  const close = useCallback(() => {
    setMenu({ open: false, panel: null });
    settingsButton.current?.focus();
  }, []);

  return { menuId, settingsButton, open: menu.open, panel: menu.panel, toggle, showPanel, close };
}
