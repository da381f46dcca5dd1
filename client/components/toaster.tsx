import clsx from "clsx";
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { dismissToast, type Toast, type ToastKind, useToasts } from "../lib/ui.ts";

const icons: Record<ToastKind, typeof Info> = { success: CheckCircle2, error: XCircle, info: Info, warning: AlertTriangle };

/**
 * Toasts close by themselves after 3000 ms (spec 01 §9). They are read out as they appear: the
 * others go into a status region that is always in the page (a region that appears together with
 * its text is not read by every screen reader), errors into an alert region that interrupts.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster">
      <div className="toaster-list" role="status">
        {toasts
          .filter((toast) => toast.kind !== "error")
          .map((toast) => (
            <ToastCard key={toast.id} toast={toast} />
          ))}
      </div>
      <div className="toaster-list" role="alert">
        {toasts
          .filter((toast) => toast.kind === "error")
          .map((toast) => (
            <ToastCard key={toast.id} toast={toast} />
          ))}
      </div>
    </div>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const Icon = icons[toast.kind];
  return (
    <div className={clsx("toast", `toast-${toast.kind}`)}>
      <Icon size={18} aria-hidden />
      <span>{toast.message}</span>
      <button type="button" className="icon-btn" onClick={() => dismissToast(toast.id)} aria-label={t("close")}>
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}
