import { Ellipsis, Flag } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { openReportModal, type ReportTarget } from "./report-modal.tsx";

/**
 * The three-dot menu of cards and the stream toolbar: Report (spec 01 §2). Arrows move, Escape closes
 * and gives focus back to the button, Tab leaves; Report gives the button focus first, so the dialog
 * hands it back there when it closes.
 */
export function ReportMenu({ target, label }: { target: ReportTarget; label?: string }) {
  const { t } = useTranslation("community");
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => !box.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener("pointerdown", onDown);
    box.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);
  const onMenuKey = (event: KeyboardEvent) => {
    const items = [...(box.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      items[(moves[event.key]! + items.length) % items.length]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") close(false);
  };
  const name = label ?? t("more_actions");
  return (
    <div className="menu" ref={box}>
      <button ref={button} type="button" className="icon-btn" aria-label={name} title={name} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Ellipsis size={20} aria-hidden />
      </button>
      {open ? (
        <div className="menu-list" role="menu" aria-label={name} onKeyDown={onMenuKey}>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              close(true);
              openReportModal(target);
            }}
          >
            <Flag size={16} aria-hidden />
            {t("report")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
