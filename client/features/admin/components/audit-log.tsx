import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Button } from "../../../components/button.tsx";
import { useAudit } from "../api/admin.ts";
import "../../../i18n/screens/admin.ts";

const PAGE = 50;
/** What Arena does by itself (the storage policy's daily run) is written with this actor id, which no account has. */
const SYSTEM_ACTOR_ID = 0;

/** The audit log, newest first: who did what to which object, when, and the values before and after. */
export function AuditLog() {
  const { t, i18n } = useTranslation("admin");
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  if (audit.data === undefined) return <QueryState query={audit} pending={<Skeleton height={240} />} failure={t("load_failed")} />;
  const entries = audit.data.entries;
  const show = (values: Record<string, unknown> | null) =>
    values
      ? Object.entries(values)
          .map(([key, value]) => `${key}: ${String(value)}`)
          .join(", ")
      : "—";
  return (
    <section>
      {entries.length === 0 ? <p>{t("audit_empty")}</p> : null}
      <div className="admin-table-scroll" hidden={entries.length === 0}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("audit_when")}</th>
              <th scope="col">{t("audit_who")}</th>
              <th scope="col">{t("audit_what")}</th>
              <th scope="col">{t("audit_target")}</th>
              <th scope="col">{t("audit_change")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{new Date(entry.at).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" })}</td>
                <td>{entry.actor.username ?? (entry.actor.id === SYSTEM_ACTOR_ID ? t("audit_system") : `#${entry.actor.id}`)}</td>
                <td>{t(`action_${entry.action}`, { defaultValue: entry.action })}</td>
                <td>
                  {entry.target.type} #{entry.target.id}
                </td>
                <td>
                  {show(entry.before)} → {show(entry.after)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="admin-pages" aria-label={t("page", { page })}>
        <Button variant="ghost" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
          {t("previous")}
        </Button>
        <span>{t("page", { page })}</span>
        <Button variant="ghost" size="sm" disabled={page * PAGE >= audit.data.total} onClick={() => setPage(page + 1)}>
          {t("next")}
        </Button>
      </nav>
    </section>
  );
}
