import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
}

const FOCUSABLE = 'a[href], area[href], button, input, select, textarea, iframe, summary, [contenteditable=""], [contenteditable="true"], [tabindex]';

/** A dialog that traps focus, closes on Escape or a click outside, and gives focus back where it was. */
export function Modal({ open, onClose, title, children, footer, size = "md" }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Callers pass a new onClose on each render: the effect must not re-run (and move focus) for that.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const items = () => tabbables(panel.current);
    // Start where the user will type, else on the first control.
    const first = items().find((item) => item.matches("input, textarea, select")) ?? items()[0];
    (first ?? panel.current)?.focus();
    let backwards = false;
    const onKey = (event: KeyboardEvent) => {
      // A nested dialog (a confirmation over a form) answers first; a field that used Escape keeps it.
      if (event.defaultPrevented || !isTopmost(panel.current)) return;
      if (event.key === "Escape") {
        event.preventDefault();
        close.current();
      } else if (event.key === "Tab") {
        backwards = event.shiftKey;
        trapFocus(event, panel.current, items());
      }
    };
    // The safety net: whatever took focus out (a widget's own shadow tree, a control that vanished), bring it back.
    const onFocusIn = (event: FocusEvent) => {
      const box = panel.current;
      const target = event.target as Node | null;
      if (!box || !target || box.contains(target) || !isTopmost(box) || (target instanceof Element && target.closest('[aria-modal="true"]'))) return;
      const list = items();
      (backwards ? list.at(-1) : list[0])?.focus();
      if (!box.contains(document.activeElement)) box.focus();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocusIn);
      // Back to the opener, unless the dialog's action removed it (the caller then says where focus goes).
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && close.current()}>
      <div ref={panel} className={`modal modal-${size}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t("close")}>
            <X size={20} aria-hidden />
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer ? <footer className="modal-footer">{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}

/** The controls Tab stops at, in order: enabled, shown, not taken out with tabindex=-1; one stop per radio group. */
function tabbables(container: HTMLElement | null): HTMLElement[] {
  if (!container) return [];
  const found = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    if (element.tabIndex < 0 || (element as HTMLInputElement).disabled || (element as HTMLInputElement).type === "hidden") return false;
    if (element.closest("[inert], fieldset:disabled")) return false;
    return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
  });
  return found.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== "radio" || !element.name) return true;
    const group = found.filter((other) => other instanceof HTMLInputElement && other.type === "radio" && other.name === element.name && other.form === element.form) as HTMLInputElement[];
    const checked = group.find((radio) => radio.checked);
    return checked ? checked === element : group[0] === element;
  });
}

function isTopmost(box: HTMLElement | null): boolean {
  const dialogs = document.querySelectorAll('[aria-modal="true"]');
  return box !== null && dialogs[dialogs.length - 1] === box;
}

/** Tab past the last control goes to the first, Shift+Tab before the first to the last. */
function trapFocus(event: KeyboardEvent, container: HTMLElement | null, items: HTMLElement[]): void {
  if (!container) return;
  const first = items[0];
  const last = items.at(-1);
  const active = document.activeElement;
  const outside = !container.contains(active) || active === container;
  if (!first || !last) {
    event.preventDefault();
    container.focus();
  } else if (event.shiftKey && (outside || sameStop(active, first))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || sameStop(active, last))) {
    event.preventDefault();
    first.focus();
  }
}

/** The same Tab stop: the element itself, or another radio of its group (arrows move within a group). */
function sameStop(active: Element | null, stop: HTMLElement): boolean {
  if (active === stop) return true;
  return (
    active instanceof HTMLInputElement &&
    stop instanceof HTMLInputElement &&
    active.type === "radio" &&
    stop.type === "radio" &&
    active.name !== "" &&
    active.name === stop.name &&
    active.form === stop.form
  );
}
