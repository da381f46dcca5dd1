import { Flag } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ReportResponse } from "../../../../server/reports/schemas.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { formatRelativeTime } from "../../../lib/format.ts";
import { toast } from "../../../lib/ui.ts";
import { type ModerationAction as Action, type ReportStatus as Status, useReports, useResolveReport } from "../api/reports.ts";
import "../../../styles/community.css";
import "../../../i18n/screens/community.ts";

/** What a moderator can do about a report, by what it is about. */
function actionsFor(report: ReportResponse): Action[] {
  const actions: Action[] = [];
  if (report.targetType === "replay") actions.push("hide_replay");
  if (report.targetUser) actions.push("ban_chat", "suspend_account");
  return actions;
}

/** The moderators' queue (on /dashboard): open reports, newest first; dismiss one, or act on it. */
export function ModerationQueue() {
  const { t, i18n } = useTranslation("community");
  const [status, setStatus] = useState<Status>("open");
  const [confirm, setConfirm] = useState<{ report: ReportResponse; action: Action } | null>(null);
  const reports = useReports(status);
  const resolve = useResolveReport({
    onSuccess: (_, { action }) => {
      setConfirm(null);
      toast.success(action ? t(`moderation_done_${action}`) : t("moderation_dismissed"));
    },
    onError: (error) => {
      setConfirm(null);
      toast.error(error.message);
    },
  });
  return (
    <section className="moderation" aria-labelledby="moderation-title">
      <header className="moderation-head">
        <h2 id="moderation-title">
          <Flag size={18} aria-hidden /> {t("moderation_title")}
        </h2>
        <select value={status} onChange={(event) => setStatus(event.target.value as Status)} aria-label={t("moderation_filter")}>
          {(["open", "dismissed", "actioned"] as const).map((s) => (
            <option key={s} value={s}>
              {t(`report_status_${s}`)}
            </option>
          ))}
        </select>
      </header>
      <QueryState query={reports} pending={<Skeleton height={160} />}>
        {(data) =>
          data.reports.length === 0 ? (
            <EmptyState icon={<Flag size={32} aria-hidden />} title={t("moderation_empty")} />
          ) : (
            <ul className="moderation-list">
              {data.reports.map((report) => (
                <li key={report.id} className="moderation-item" aria-label={t("report_about", { label: report.targetLabel })}>
                  <p className="moderation-target">
                    <span className="badge badge-neutral">{t(`target_${report.targetType}`)}</span> <strong>{report.targetLabel}</strong>
                    {report.targetUser ? <span className="muted"> — {report.targetUser.username}</span> : null}
                  </p>
                  <blockquote className="moderation-reason">{report.reason}</blockquote>
                  <p className="muted small">{t("reported_by", { username: report.reporter.username, time: formatRelativeTime(report.createdAt, i18n.language) })}</p>
                  {report.status === "open" ? (
                    <div className="row">
                      <Button
                        size="sm"
                        variant="secondary"
                        busy={resolve.isPending && resolve.variables?.id === report.id && !resolve.variables.action}
                        onClick={() => resolve.mutate({ id: report.id })}
                      >
                        {t("moderation_dismiss")}
                      </Button>
                      {actionsFor(report).map((action) => (
                        <Button key={action} size="sm" variant="danger" onClick={() => setConfirm({ report, action })}>
                          {t(`moderation_${action}`)}
                        </Button>
                      ))}
                    </div>
                  ) : (
                    <p className="small">{report.resolution || t(`report_status_${report.status}`)}</p>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`moderation_${confirm.action}`) : ""}
        confirmLabel={confirm ? t(`moderation_${confirm.action}`) : ""}
        busy={resolve.isPending}
        danger
        onConfirm={() => confirm && resolve.mutate({ id: confirm.report.id, action: confirm.action })}
        onCancel={() => setConfirm(null)}
      >
        <p>{confirm ? t(`moderation_confirm_${confirm.action}`, { username: confirm.report.targetUser?.username ?? "", label: confirm.report.targetLabel }) : null}</p>
      </ConfirmDialog>
    </section>
  );
}
