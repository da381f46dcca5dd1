import clsx from "clsx";
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { dismissToast, type ToastKind, useToasts } from "../lib/ui.ts";

const icons: Record<ToastKind, typeof Info> = { success: CheckCircle2, error: XCircle, info: Info, warning: AlertTriangle };

/** Toasts close by themselves after 3000 ms (spec 01 §9); errors are announced assertively. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <div className="toaster">
      {toasts.map((toast) => {
        const Icon = icons[toast.kind];
        return (
          <div key={toast.id} className={clsx("toast", `toast-${toast.kind}`)} role={toast.kind === "error" ? "alert" : "status"}>
            <Icon size={18} aria-hidden />
            <span>{toast.message}</span>
            <button type="button" className="icon-btn" onClick={() => dismissToast(toast.id)} aria-label={t("close")}>
              <X size={16} aria-hidden />
            </button>
          </div>
        );
      })}
    </div>
  );
}
