import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Modal } from "../../../components/modal.tsx";
import { ApiError } from "../../../lib/api.ts";
import { type ReportTarget, toast } from "../../../lib/ui.ts";
import { useCreateReport } from "../api/reports.ts";
import "../../../styles/community.css";
import "../../../i18n/screens/community.ts";

const REASONS = ["sexual", "violence", "harassment", "spam", "impersonation"] as const;
const OTHER = "other";
/** Spec 01 §5: a reason of at least 10 characters. */
export const REPORT_REASON_MIN = 10;

/** The report dialog; ReportModalHost (report-modal-host.tsx) loads it when something first asks for it. */
export function ReportModal({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation("community");
  const [choice, setChoice] = useState<string | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reason = choice === OTHER ? details.trim() : choice ? t(`report_reason_${choice}`) : "";
  const send = useCreateReport({
    onSuccess: () => {
      toast.success(t("report_sent"));
      onClose();
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : t("report_failed")),
  });
  const submit = () => {
    if (reason.length < REPORT_REASON_MIN) return setError(t("report_reason_required"));
    setError(null);
    send.mutate({ target, reason });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t("report_title", { label: target.label })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button variant="danger" busy={send.isPending} onClick={submit}>
            {t("report_send")}
          </Button>
        </>
      }
    >
      <fieldset className="report-reasons">
        <legend>{t("report_question")}</legend>
        {[...REASONS, OTHER].map((id) => (
          <label key={id} className="report-reason">
            <input type="radio" name="report-reason" checked={choice === id} onChange={() => setChoice(id)} />
            <span>{t(`report_reason_${id}`)}</span>
          </label>
        ))}
      </fieldset>
      {choice === OTHER ? (
        <div className="field">
          <label htmlFor="report-details">{t("report_tell_more")}</label>
          <textarea id="report-details" rows={4} maxLength={1000} value={details} onChange={(event) => setDetails(event.target.value)} aria-invalid={Boolean(error)} />
        </div>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
