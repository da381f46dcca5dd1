import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { TicketTypeCreateSchema } from "../../../../server/tickets/schemas.ts";
import { Button } from "../../../components/button.tsx";
import { Checkbox } from "../../../components/checkbox.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { ApiError } from "../../../lib/api.ts";
import { fromLocalInput, toLocalInput } from "../../../lib/format.ts";
import { toast } from "../../../lib/ui.ts";
import type { EventDetail } from "../api/get-event.ts";
import { type ManagedTicketType, type TicketTypeBody, useDeleteTicketType, useManagedTicketTypes, useReorderTicketTypes, useSaveTicketType, useToggleTicketType } from "../api/ticket-types.ts";
import { useTicketTypes } from "../api/tickets.ts";
import { SaleStateNote, TypePrice } from "./ticket-panel.tsx";
import "../../../i18n/screens/events-ui.ts";
import "../../../i18n/screens/errors.ts";

interface Fields {
  name: string;
  price: string;
  description: string;
  features: string;
  quantity: string;
  saleStartsAt: string;
  saleEndsAt: string;
  hidden: boolean;
  closed: boolean;
}

function fieldsOf(type?: ManagedTicketType): Fields {
  return {
    name: type?.name ?? "",
    price: type ? String(type.price) : "",
    description: type?.description ?? "",
    features: type?.features.join("\n") ?? "",
    quantity: type?.quantity ? String(type.quantity) : "",
    saleStartsAt: toLocalInput(type?.saleStartsAt ?? null),
    saleEndsAt: toLocalInput(type?.saleEndsAt ?? null),
    hidden: type?.hidden ?? false,
    closed: type?.closed ?? false,
  };
}

/** What the server reads: one feature per line, empty lines dropped; empty dates and quantity mean none. */
function bodyOf(fields: Fields): TicketTypeBody {
  return {
    name: fields.name,
    price: fields.price,
    description: fields.description,
    features: fields.features
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    quantity: fields.quantity || null,
    saleStartsAt: fromLocalInput(fields.saleStartsAt) || null,
    saleEndsAt: fromLocalInput(fields.saleEndsAt) || null,
    hidden: fields.hidden,
    closed: fields.closed,
  };
}

/** Each broken rule by field, as error codes, from the server's own schema ("features.3" is the features field). */
function problemsOf(body: TicketTypeBody): Record<string, string> {
  const checked = TicketTypeCreateSchema.safeParse(body);
  const found: Record<string, string> = {};
  if (!checked.success) for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
  return found;
}

/**
 * Manage › Settings › "Ticket types" (issue 34, item 1): the organiser adds, edits, orders, hides, closes and
 * deletes the event's types, as pretix's products. Without types of its own the event sells the default ones
 * (when its reference price is above 0) or nothing; the intro says which.
 */
export function TicketTypeEditor({ event }: { event: EventDetail }) {
  const { t } = useTranslation("events-ui");
  const managed = useManagedTicketTypes(event.id);
  const [editing, setEditing] = useState<ManagedTicketType | "new" | null>(null);
  const [deleting, setDeleting] = useState<ManagedTicketType | null>(null);
  const toggle = useToggleTicketType(event.id, { onSuccess: (answer) => toast.success(answer.message), onError: (error) => toast.error(error.message) });
  const reorder = useReorderTicketTypes(event.id, { onError: (error) => toast.error(error.message) });
  const remove = useDeleteTicketType(event.id, {
    onSuccess: (answer) => {
      setDeleting(null);
      toast.success(answer.message);
    },
    onError: (error) => {
      setDeleting(null);
      toast.error(error.message);
    },
  });
  const types = managed.data?.ticketTypes ?? [];
  const move = (index: number, by: -1 | 1) => {
    const order = types.map((type) => type.id);
    [order[index], order[index + by]] = [order[index + by]!, order[index]!];
    reorder.mutate(order);
  };
  return (
    <section className="ticket-type-editor" aria-labelledby="ticket-types-title">
      <div className="ticket-type-editor-head">
        <h2 id="ticket-types-title">{t("types_title")}</h2>
        {editing === null ? (
          <Button size="sm" icon={<Plus size={16} aria-hidden />} onClick={() => setEditing("new")}>
            {t("types_add")}
          </Button>
        ) : null}
      </div>
      <QueryState query={managed} pending={<Skeleton height={96} />} failure={t("types_load_failed")}>
        {(data) => <TypesIntro event={event} types={types} seats={data.seats} />}
      </QueryState>
      {editing === "new" ? <TypeForm eventId={event.id} onDone={() => setEditing(null)} /> : null}
      <ul className="ticket-type-rows">
        {types.map((type, index) =>
          editing !== "new" && editing?.id === type.id ? (
            <li key={type.id} className="ticket-type-row">
              <TypeForm eventId={event.id} type={type} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={type.id} className="ticket-type-row">
              <div className="ticket-type-row-text">
                <strong>{type.name}</strong>
                <span className="ticket-type-price tabular">
                  <TypePrice price={type.price} />
                </span>
                <span className="ticket-type-row-meta small">
                  <SaleStateNote type={type} />
                  {type.hidden ? <span className="event-chip event-chip-status">{t("type_hidden_chip")}</span> : null}
                  <span className="muted tabular">{type.quantity === null ? t("type_sold", { count: type.sold }) : t("type_sold_of", { count: type.sold, quantity: type.quantity })}</span>
                </span>
                {type.issued ? <span className="muted small">{t("type_issued_note")}</span> : null}
              </div>
              <div className="ticket-type-row-actions">
                <button type="button" className="icon-btn" aria-label={t("type_up_named", { name: type.name })} disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)}>
                  <ArrowUp size={16} aria-hidden />
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t("type_down_named", { name: type.name })}
                  disabled={index === types.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown size={16} aria-hidden />
                </button>
                <Button size="sm" variant="secondary" icon={<Pencil size={14} aria-hidden />} aria-label={t("type_edit_named", { name: type.name })} onClick={() => setEditing(type)}>
                  {t("type_edit")}
                </Button>
                <Button size="sm" variant="secondary" aria-pressed={type.hidden} onClick={() => toggle.mutate({ id: type.id, change: { hidden: !type.hidden } })}>
                  {type.hidden ? t("type_show") : t("type_hide")}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => toggle.mutate({ id: type.id, change: { closed: !type.closed } })}>
                  {type.closed ? t("type_reopen") : t("type_close")}
                </Button>
                {type.issued ? null : (
                  <Button size="sm" variant="danger" icon={<Trash2 size={14} aria-hidden />} aria-label={t("type_delete_named", { name: type.name })} onClick={() => setDeleting(type)}>
                    {t("type_delete")}
                  </Button>
                )}
              </div>
            </li>
          ),
        )}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title={t("type_delete_title", { name: deleting?.name ?? "" })}
        confirmLabel={t("type_delete")}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      >
        <p>{t("type_delete_text")}</p>
      </ConfirmDialog>
    </section>
  );
}

/** What the event sells now: the default types, nothing, or the organiser's own; and how much of the seats their quantities take. */
function TypesIntro({ event, types, seats }: { event: EventDetail; types: ManagedTicketType[]; seats: number | null }) {
  const { t } = useTranslation("events-ui");
  const defaults = useTicketTypes(event.id, types.length === 0 && event.sellsTickets);
  const planned = types.reduce((sum, type) => sum + (type.quantity ?? 0), 0);
  if (types.length > 0) {
    return (
      <p className="muted small">
        {t("types_intro_own")} {seats !== null && planned > 0 ? t("types_seats", { planned, seats }) : null}
      </p>
    );
  }
  if (!event.sellsTickets) return <p className="muted small">{t("types_intro_none")}</p>;
  const list = (defaults.data?.ticketTypes ?? []).map((type) => t("types_default_item", { name: type.name, price: type.price })).join(", ");
  return <p className="muted small">{t("types_intro_defaults", { list })}</p>;
}

/** A type's form, empty to add one, filled to edit it; the server's field messages show under their fields. */
function TypeForm({ eventId, type, onDone }: { eventId: number; type?: ManagedTicketType; onDone: () => void }) {
  const { t } = useTranslation("events-ui");
  const [fields, setFields] = useState<Fields>(() => fieldsOf(type));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTicketType(eventId, {
    onSuccess: (answer) => {
      toast.success(answer.message);
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length) setErrors(Object.fromEntries(error.fields.map((f) => [f.field.split(".")[0]!, f.msg])));
      else toast.error(error.message);
    },
  });
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: e.target.value }));
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const body = bodyOf(fields);
    const found = Object.fromEntries(Object.entries(problemsOf(body)).map(([field, code]) => [field, t(`errors:${code}`)]));
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate({ id: type?.id ?? null, body });
  };
  const prefix = `ticket-type-${type?.id ?? "new"}`;
  return (
    <form className="ticket-type-form" onSubmit={submit} noValidate aria-label={type ? t("types_edit_title", { name: type.name }) : t("types_new_title")}>
      <h3>{type ? t("types_edit_title", { name: type.name }) : t("types_new_title")}</h3>
      <div className="grid-2">
        <TextField id={`${prefix}-name`} label={t("type_field_name")} value={fields.name} onChange={set("name")} error={errors.name} maxLength={60} required />
        <TextField
          id={`${prefix}-price`}
          label={t("type_field_price")}
          hint={t("type_field_price_hint")}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={fields.price}
          onChange={set("price")}
          error={errors.price}
          required
        />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-description`}>{t("type_field_description")}</label>
        <textarea id={`${prefix}-description`} rows={2} maxLength={500} value={fields.description} onChange={set("description")} aria-invalid={Boolean(errors.description)} />
        {errors.description ? <p className="field-error">{errors.description}</p> : null}
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-features`}>{t("type_field_features")}</label>
        <textarea id={`${prefix}-features`} rows={3} value={fields.features} onChange={set("features")} aria-invalid={Boolean(errors.features)} aria-describedby={`${prefix}-features-message`} />
        {errors.features ? (
          <p id={`${prefix}-features-message`} className="field-error" role="alert">
            {errors.features}
          </p>
        ) : (
          <p id={`${prefix}-features-message`} className="field-hint">
            {t("type_field_features_hint")}
          </p>
        )}
      </div>
      <TextField
        id={`${prefix}-quantity`}
        label={t("type_field_quantity")}
        hint={t("type_field_quantity_hint")}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        value={fields.quantity}
        onChange={set("quantity")}
        error={errors.quantity}
      />
      <div className="grid-2">
        <TextField
          id={`${prefix}-starts`}
          label={t("type_field_starts")}
          hint={t("type_field_window_hint")}
          type="datetime-local"
          value={fields.saleStartsAt}
          onChange={set("saleStartsAt")}
          error={errors.saleStartsAt}
        />
        <TextField id={`${prefix}-ends`} label={t("type_field_ends")} type="datetime-local" value={fields.saleEndsAt} onChange={set("saleEndsAt")} error={errors.saleEndsAt} />
      </div>
      <Checkbox label={t("type_field_hidden")} checked={fields.hidden} onChange={(e) => setFields((current) => ({ ...current, hidden: e.target.checked }))} />
      <Checkbox label={t("type_field_closed")} checked={fields.closed} onChange={(e) => setFields((current) => ({ ...current, closed: e.target.checked }))} />
      <div className="row">
        <Button type="submit" busy={save.isPending}>
          {t("type_save")}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t("type_cancel")}
        </Button>
      </div>
    </form>
  );
}
