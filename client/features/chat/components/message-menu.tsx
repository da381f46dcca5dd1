import { Ban, EllipsisVertical, Flag, Hourglass, Trash2, UserCheck } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import "../../../i18n/screens/chat.ts";

export interface MessageMenuAction {
  key: "delete" | "timeout" | "ban" | "unban" | "report";
  label: string;
  danger?: boolean;
  run: () => void;
}

const ICONS: Record<MessageMenuAction["key"], ReactNode> = {
  delete: <Trash2 size={16} aria-hidden />,
  timeout: <Hourglass size={16} aria-hidden />,
  ban: <Ban size={16} aria-hidden />,
  unban: <UserCheck size={16} aria-hidden />,
  report: <Flag size={16} aria-hidden />,
};
const MENU_WIDTH = 220;

/**
 * A message's moderation menu: a button, then a menu drawn above the list (so the list's scrolling
 * never clips it). Arrows, Home and End move, Escape and Tab close and give focus back.
 */
export function MessageMenu({ username, actions, moderator = true }: { username: string; actions: MessageMenuAction[]; moderator?: boolean }) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top?: number; bottom?: number; left: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    setPosition(null);
    if (refocus) button.current?.focus();
  }, []);

  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const rect = button.current.getBoundingClientRect();
    const left = Math.max(8, Math.min(rect.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - 8));
    // Below the button when there is room, above it otherwise.
    setPosition(rect.bottom + 180 < window.innerHeight ? { top: rect.bottom + 4, left } : { bottom: window.innerHeight - rect.top + 4, left });
  }, [open]);

  // Focus goes in once the menu is placed (a hidden menu cannot take it).
  const placed = position !== null;
  useEffect(() => {
    if (open && placed) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open, placed]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    // The menu is placed once; when the list scrolls or the window changes it would float away, so it closes.
    const onMove = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("mousedown", onPointer);
    window.addEventListener("resize", onMove);
    document.addEventListener("scroll", onMove, true);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      window.removeEventListener("resize", onMove);
      document.removeEventListener("scroll", onMove, true);
    };
  }, [open, close]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    // The player's shortcuts stay quiet while the menu has the keyboard.
    event.stopPropagation();
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focus(index + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focus(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focus(0);
        break;
      case "End":
        event.preventDefault();
        focus(items.length - 1);
        break;
      case "Escape":
        event.preventDefault();
        close(true);
        break;
      case "Tab":
        event.preventDefault();
        close(true);
        break;
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="chat-line-menu-btn"
        aria-label={t(moderator ? "actions_for" : "viewer_actions_for", { username })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <EllipsisVertical size={16} aria-hidden />
      </button>
      {open
        ? createPortal(
            <div
              ref={menu}
              id={menuId}
              className="menu-list chat-menu"
              role="menu"
              aria-label={t(moderator ? "actions_for" : "viewer_actions_for", { username })}
              style={{
                position: "fixed",
                width: MENU_WIDTH,
                right: "auto",
                top: position?.top ?? "auto",
                bottom: position?.bottom ?? "auto",
                left: position?.left ?? 0,
                visibility: position ? "visible" : "hidden",
              }}
              onKeyDown={onMenuKey}
            >
              {actions.map((action) => (
                <button
                  key={action.key}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={action.danger ? "menu-item chat-menu-danger" : "menu-item"}
                  onClick={() => {
                    close(true);
                    action.run();
                  }}
                >
                  {ICONS[action.key]} {action.label}
                </button>
              ))}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
