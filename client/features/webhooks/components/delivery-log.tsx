import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { WebhookDeliveryResponse } from "../../../../server/webhooks/schemas.ts";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { Modal } from "../../../components/modal.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { toast } from "../../../lib/ui.ts";
import { useDeliveries, useResendDelivery } from "../api/webhooks.ts";
import "../../../i18n/screens/errors.ts";
import "../../../i18n/screens/webhooks.ts";

const STATE_TONE = { pending: "warning", delivered: "success", failed: "danger" } as const;

/** A webhook's delivery log: each event, its tries with the receiver's answers, and "send again". */
export function DeliveryLog({ webhookId, onClose }: { webhookId: number | null; onClose: () => void }) {
  const { t } = useTranslation("webhooks");
  return (
    <Modal open={webhookId !== null} onClose={onClose} title={t("log_title")} size="lg">
      {webhookId !== null ? <DeliveryPages webhookId={webhookId} /> : null}
    </Modal>
  );
}

function DeliveryPages({ webhookId }: { webhookId: number }) {
  const { t } = useTranslation("webhooks");
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(webhookId, page);
  return (
    <QueryState query={deliveries} pending={<Skeleton height={240} />} failure={t("log_failed")}>
      {(data) => (
        <>
          {data.deliveries.length === 0 ? <p className="muted">{t("log_empty")}</p> : null}
          <ol className="delivery-list">
            {data.deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} webhookId={webhookId} delivery={delivery} />
            ))}
          </ol>
          <div className="pager">
            <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              {t("newer")}
            </Button>
            <Button variant="secondary" size="sm" disabled={!data.hasMore} onClick={() => setPage((p) => p + 1)}>
              {t("older")}
            </Button>
          </div>
        </>
      )}
    </QueryState>
  );
}

function DeliveryRow({ webhookId, delivery }: { webhookId: number; delivery: WebhookDeliveryResponse }) {
  const { t, i18n } = useTranslation("webhooks");
  const resend = useResendDelivery();
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <li className="delivery-row">
      <div className="delivery-head">
        <strong>{t(`event_${delivery.eventType}`, { defaultValue: delivery.eventType })}</strong>
        <Badge tone={STATE_TONE[delivery.state]}>{t(`state_${delivery.state}`)}</Badge>
        <span className="muted small">{when(delivery.createdAt)}</span>
        <Button
          variant="ghost"
          size="sm"
          icon={<RotateCcw size={14} aria-hidden />}
          busy={resend.isPending}
          onClick={() => resend.mutate({ id: webhookId, deliveryId: delivery.id }, { onSuccess: () => toast.success(t("resent")), onError: (error) => toast.error(error.message) })}
        >
          {t("resend")}
        </Button>
      </div>
      {delivery.nextAttemptAt ? <p className="muted small">{t("next_try", { when: when(delivery.nextAttemptAt) })}</p> : null}
      <ul className="delivery-attempts">
        {delivery.attempts.map((attempt) => (
          <li key={attempt.at} className="small">
            {t("attempt", {
              when: when(attempt.at),
              result: attempt.status === null ? t("attempt_no_answer", { error: attempt.error ? t(`errors:${attempt.error}`, { defaultValue: attempt.error }) : "" }) : `HTTP ${attempt.status}`,
              ms: attempt.durationMs,
            })}
            {attempt.responseBody ? (
              <details>
                <summary>{t("answer")}</summary>
                <pre className="delivery-body">{attempt.responseBody}</pre>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      <details>
        <summary>{t("body")}</summary>
        <pre className="delivery-body">{delivery.payload}</pre>
      </details>
    </li>
  );
}
