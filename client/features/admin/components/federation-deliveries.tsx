import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/badge.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { type FediverseDeliveryState, useFediverseDeliveries } from "../api/site.ts";
import { AdminPager } from "./admin-pager.tsx";
import { ChoiceField } from "./choice-field.tsx";
import "../../../i18n/screens/admin.ts";

/** The server's page size (FEDIVERSE_DELIVERIES_PER_PAGE): a type-only import keeps zod out of the console's chunk. */
const PAGE = 25;
const STATES = ["all", "pending", "delivered", "failed"] as const;
const TONE = { pending: "warning", delivered: "success", failed: "danger" } as const;

/** The fediverse's delivery log (issue 38, item 6): each signed activity sent to an inbox, its tries and its last answer. */
export function FederationDeliveries() {
  const { t, i18n } = useTranslation("admin");
  const [page, setPage] = useState(1);
  const [state, setState] = useState<FediverseDeliveryState | "all">("all");
  const deliveries = useFediverseDeliveries({ page, state });
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" }) : "—");
  return (
    <div className="admin-fediverse-log">
      <h3>{t("federation_deliveries")}</h3>
      <p className="muted small">{t("federation_deliveries_help")}</p>
      <div className="admin-fediverse-filter">
        <ChoiceField
          label={t("federation_deliveries_show")}
          value={state}
          choices={STATES.map((option) => ({ value: option, label: t(`delivery_state_${option}`) }))}
          onChange={(next) => {
            setState(next);
            setPage(1);
          }}
        />
      </div>
      <QueryState query={deliveries} pending={<Skeleton height={160} />} failure={t("load_failed")}>
        {(data) => (
          <>
            {data.deliveries.length === 0 ? <p className="muted">{t("federation_deliveries_empty")}</p> : null}
            <div className="admin-table-scroll" hidden={data.deliveries.length === 0}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t("delivery_state")}</th>
                    <th scope="col">{t("delivery_activity")}</th>
                    <th scope="col">{t("delivery_actor")}</th>
                    <th scope="col">{t("delivery_instance")}</th>
                    <th scope="col">{t("delivery_attempts")}</th>
                    <th scope="col">{t("delivery_last")}</th>
                    <th scope="col">{t("delivery_created")}</th>
                    <th scope="col">{t("delivery_finished")}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.deliveries.map((delivery) => (
                    <tr key={delivery.id}>
                      <td>
                        <Badge tone={TONE[delivery.state]}>{t(`delivery_state_${delivery.state}`)}</Badge>
                      </td>
                      <td>{delivery.activityType}</td>
                      <td className="admin-mono">{delivery.actor}</td>
                      <td className="admin-mono" title={delivery.inbox}>
                        {delivery.instance}
                      </td>
                      <td className="tabular">{delivery.attempts}</td>
                      <td className="admin-fediverse-error">
                        {[
                          delivery.lastStatus === null ? null : `HTTP ${delivery.lastStatus}`,
                          delivery.lastError ? t(`delivery_error_${delivery.lastError}`, { defaultValue: delivery.lastError }) : null,
                        ]
                          .filter(Boolean)
                          .join(" · ") || "—"}
                      </td>
                      <td>{when(delivery.createdAt)}</td>
                      <td>{when(delivery.finishedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <AdminPager page={page} hasNext={page * PAGE < data.total} onPage={setPage} hidden={data.total <= PAGE} />
          </>
        )}
      </QueryState>
    </div>
  );
}
