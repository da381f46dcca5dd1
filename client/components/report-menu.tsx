import { Ellipsis, Flag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useMenu } from "./use-menu.ts";
import { openReportModal, type ReportTarget } from "../lib/ui.ts";
import "../i18n/screens/community.ts";

/**
 * The three-dot menu of cards and the stream toolbar: Report (spec 01 §2). Arrows move, Escape closes
 * and gives focus back to the button, Tab leaves; Report gives the button focus first, so the dialog
 * hands it back there when it closes.
 */
export function ReportMenu({ target, label }: { target: ReportTarget; label?: string }) {
  const { t } = useTranslation("community");
  const { open, toggle, close, box, button, onMenuKey } = useMenu();
  const name = label ?? t("more_actions");
  return (
    <div className="menu" ref={box}>
      <button ref={button} type="button" className="icon-btn" aria-label={name} title={name} aria-haspopup="menu" aria-expanded={open} onClick={toggle}>
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
