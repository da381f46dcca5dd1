import { Ellipsis, Flag } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { openReportModal, type ReportTarget } from "./report-modal.tsx";

/** The three-dot menu of cards and the stream toolbar: Report (spec 01 §2). */
export function ReportMenu({ target, label }: { target: ReportTarget; label?: string }) {
  const { t } = useTranslation("community");
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => !box.current?.contains(event.target as Node) && setOpen(false);
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    box.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const name = label ?? t("more_actions");
  return (
    <div className="menu" ref={box}>
      <button type="button" className="icon-btn" aria-label={name} title={name} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Ellipsis size={20} aria-hidden />
      </button>
      {open ? (
        <div className="menu-list" role="menu" aria-label={name}>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              setOpen(false);
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
