import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { WebhookResponse } from "../../../../server/webhooks/schemas.ts";
import type { WebhookEventType, WebhookFormat } from "../../../../shared/webhooks.ts";
import { Button } from "../../../components/button.tsx";
import { Checkbox } from "../../../components/checkbox.tsx";
import { Modal } from "../../../components/modal.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { serverFields } from "../../../lib/api.ts";
import "../../../i18n/screens/webhooks.ts";

export interface WebhookDraft {
  url: string;
  format: WebhookFormat;
  description: string;
  /** Empty: every event of the scope but the opt-in ones. */
  events: WebhookEventType[];
}

interface WebhookFormProps {
  open: boolean;
  /** The webhook being edited; none when adding one. */
  editing?: WebhookResponse;
  /** The events the scope offers, and those "every event" leaves out. */
  events: WebhookEventType[];
  optInEvents: WebhookEventType[];
  busy: boolean;
  /** The last refusal, whose field messages show under their fields. */
  error: unknown;
  onSave: (draft: WebhookDraft) => void;
  onClose: () => void;
}

/** Adds or edits a webhook: where it goes, in which format, and which events it takes. */
export function WebhookForm({ open, editing, events, optInEvents, busy, error, onSave, onClose }: WebhookFormProps) {
  const { t } = useTranslation("webhooks");
  const [draft, setDraft] = useState<WebhookDraft>(() => ({
    url: editing?.url ?? "",
    format: editing?.format ?? "standard",
    description: editing?.description ?? "",
    events: editing?.events ?? [],
  }));
  const [chosen, setChosen] = useState(draft.events.length > 0);
  const fields = serverFields(error);
  const toggle = (type: WebhookEventType, on: boolean) => setDraft((d) => ({ ...d, events: on ? [...d.events, type] : d.events.filter((other) => other !== type) }));
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={editing ? t("edit") : t("add")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" form="webhook-form" busy={busy} disabled={!draft.url.trim() || (chosen && draft.events.length === 0)}>
            {t("save")}
          </Button>
        </>
      }
    >
      <form
        id="webhook-form"
        className="webhook-form"
        onSubmit={(event) => {
          event.preventDefault();
          onSave({ ...draft, url: draft.url.trim(), events: chosen ? draft.events : [] });
        }}
      >
        <TextField
          label={t("url")}
          type="url"
          inputMode="url"
          autoComplete="off"
          required
          value={draft.url}
          hint={t("url_hint")}
          error={fields.url}
          onChange={(e) => setDraft((d) => ({ ...d, url: e.target.value }))}
        />
        {editing ? null : (
          <fieldset className="webhook-choices">
            <legend>{t("format")}</legend>
            {(["standard", "discord"] as const).map((format) => (
              <label key={format} className="radio">
                <input type="radio" name="webhook-format" checked={draft.format === format} onChange={() => setDraft((d) => ({ ...d, format }))} />
                <span>{t(`format_${format}`)}</span>
              </label>
            ))}
          </fieldset>
        )}
        <TextField
          label={t("description")}
          maxLength={100}
          value={draft.description}
          hint={t("description_hint")}
          error={fields.description}
          onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
        />
        <fieldset className="webhook-choices">
          <legend>{t("events")}</legend>
          <label className="radio">
            <input type="radio" name="webhook-events" checked={!chosen} onChange={() => setChosen(false)} />
            <span>{t("events_all")}</span>
          </label>
          <label className="radio">
            <input type="radio" name="webhook-events" checked={chosen} onChange={() => setChosen(true)} />
            <span>{t("events_chosen")}</span>
          </label>
          {chosen ? (
            <div className="webhook-event-list">
              {events.map((type) => (
                <Checkbox key={type} label={t(`event_${type}`)} checked={draft.events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
              ))}
            </div>
          ) : null}
          {fields.events ? (
            <p className="field-error" role="alert">
              {fields.events}
            </p>
          ) : null}
          {!chosen && optInEvents.length > 0 ? <p className="field-hint">{optInEvents.map((type) => t(`event_${type}`)).join(", ")}</p> : null}
        </fieldset>
      </form>
    </Modal>
  );
}
