import { KeyRound, ListChecks, Pencil, Plus, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { WebhookResponse } from "../../../../server/webhooks/schemas.ts";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { ShownOnceDialog } from "../../../components/shown-once-dialog.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { formatRelativeTime } from "../../../lib/format.ts";
import { toast } from "../../../lib/ui.ts";
import { useCreateWebhook, useDeleteWebhook, useRotateSecret, useSendTestEvent, useUpdateWebhook, useWebhooks, type WebhookOwner } from "../api/webhooks.ts";
import { DeliveryLog } from "./delivery-log.tsx";
import { type WebhookDraft, WebhookForm } from "./webhook-form.tsx";
import "../../../i18n/screens/webhooks.ts";
import "../../../styles/webhooks.css";

type Editing = { mode: "add" } | { mode: "edit"; webhook: WebhookResponse } | null;

/**
 * The webhooks of a channel, a tournament, an event or the site (issue 36, item 1): add one (its signing key shown
 * once), edit it, send a test, read its log, make a new key, disable or delete it. The server checks every call.
 */
export function WebhooksPanel({ owner }: { owner: WebhookOwner }) {
  const { t } = useTranslation("webhooks");
  const webhooks = useWebhooks(owner);
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saveError = editing?.mode === "edit" ? update.error : create.error;
  const save = (draft: WebhookDraft) => {
    const done = () => {
      setEditing(null);
      toast.success(t("saved"));
    };
    if (editing?.mode === "edit") update.mutate({ id: editing.webhook.id, changes: { url: draft.url, description: draft.description, events: draft.events } }, { onSuccess: done });
    else
      create.mutate(
        { scope: owner.scope, ...(owner.id === undefined ? {} : { id: owner.id }), ...draft },
        {
          onSuccess: (created) => {
            done();
            setSecret(created.secret);
          },
        },
      );
  };
  return (
    <section className="settings-form webhooks-panel" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{t("title")}</h2>
      <p className="muted">{t("intro")}</p>
      <QueryState query={webhooks} pending={<Skeleton height={120} />} failure={t("load_failed")}>
        {(data) => (
          <>
            {data.webhooks.length === 0 ? <p className="muted">{t("empty")}</p> : null}
            <ul className="webhook-list">
              {data.webhooks.map((webhook) => (
                <WebhookRow key={webhook.id} webhook={webhook} onEdit={() => setEditing({ mode: "edit", webhook })} onLog={() => setLogOf(webhook.id)} onSecret={setSecret} />
              ))}
            </ul>
            <Button
              icon={<Plus size={16} aria-hidden />}
              onClick={() => {
                create.reset();
                setEditing({ mode: "add" });
              }}
            >
              {t("add")}
            </Button>
            {editing ? (
              <WebhookForm
                open
                editing={editing.mode === "edit" ? editing.webhook : undefined}
                events={data.events}
                optInEvents={data.optInEvents}
                busy={create.isPending || update.isPending}
                error={saveError}
                onSave={save}
                onClose={() => setEditing(null)}
              />
            ) : null}
          </>
        )}
      </QueryState>
      <ShownOnceDialog
        value={secret}
        title={t("secret_title")}
        text={t("secret_text")}
        label={t("secret_label")}
        copyLabel={t("copy_secret")}
        doneLabel={t("secret_done")}
        onClose={() => setSecret(null)}
      />
      <DeliveryLog webhookId={logOf} onClose={() => setLogOf(null)} />
    </section>
  );
}

function WebhookRow({ webhook, onEdit, onLog, onSecret }: { webhook: WebhookResponse; onEdit: () => void; onLog: () => void; onSecret: (secret: string) => void }) {
  const { t, i18n } = useTranslation("webhooks");
  const [confirm, setConfirm] = useState<"delete" | "rotate" | null>(null);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const test = useSendTestEvent();
  const failed = (error: Error) => toast.error(error.message || t("action_failed"));
  const events = webhook.events.length === 0 ? t("all_events") : webhook.events.map((type) => t(`event_${type}`)).join(", ");
  const last = webhook.lastDelivery;
  return (
    <li className="webhook-row">
      <div className="webhook-head">
        <span className="webhook-url">{webhook.url}</span>
        <Badge tone={webhook.enabled ? "success" : "danger"}>{webhook.enabled ? t("enabled") : t(`disabled_${webhook.disabledReason ?? "owner"}`)}</Badge>
        <Badge>{t(`format_${webhook.format}`)}</Badge>
      </div>
      {webhook.description ? <p>{webhook.description}</p> : null}
      <p className="muted small">{events}</p>
      <p className="muted small">{last ? t("last_delivery", { state: t(`state_${last.state}`), when: formatRelativeTime(last.at, i18n.language) }) : t("never_delivered")}</p>
      {webhook.previousSecretUntil ? <p className="muted small">{t("rotating_until", { date: new Date(webhook.previousSecretUntil).toLocaleString(i18n.language) })}</p> : null}
      <div className="webhook-actions">
        <Button
          variant="secondary"
          size="sm"
          icon={<Send size={14} aria-hidden />}
          busy={test.isPending}
          disabled={!webhook.enabled}
          onClick={() => test.mutate(webhook.id, { onSuccess: () => toast.success(t("test_sent")), onError: failed })}
        >
          {t("test")}
        </Button>
        <Button variant="secondary" size="sm" icon={<ListChecks size={14} aria-hidden />} onClick={onLog}>
          {t("log")}
        </Button>
        <Button variant="secondary" size="sm" icon={<Pencil size={14} aria-hidden />} onClick={onEdit}>
          {t("edit_short")}
        </Button>
        <Button variant="secondary" size="sm" icon={<KeyRound size={14} aria-hidden />} onClick={() => setConfirm("rotate")}>
          {t("rotate")}
        </Button>
        <Button variant="secondary" size="sm" busy={update.isPending} onClick={() => update.mutate({ id: webhook.id, changes: { enabled: !webhook.enabled } }, { onError: failed })}>
          {webhook.enabled ? t("disable") : t("enable")}
        </Button>
        <Button variant="danger" size="sm" icon={<Trash2 size={14} aria-hidden />} onClick={() => setConfirm("delete")}>
          {t("delete")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirm === "rotate"}
        title={t("rotate_title")}
        confirmLabel={t("rotate")}
        busy={rotate.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          rotate.mutate(webhook.id, {
            onSuccess: (rotated) => {
              setConfirm(null);
              onSecret(rotated.secret);
            },
            onError: failed,
          })
        }
      >
        <p>{t("rotate_text")}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "delete"}
        title={t("delete_title")}
        confirmLabel={t("delete")}
        busy={remove.isPending}
        danger
        onCancel={() => setConfirm(null)}
        onConfirm={() => remove.mutate(webhook.id, { onSuccess: () => toast.success(t("deleted")), onError: failed, onSettled: () => setConfirm(null) })}
      >
        <p>{t("delete_text")}</p>
      </ConfirmDialog>
    </li>
  );
}
