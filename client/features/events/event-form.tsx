import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Coins, Eye } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { creationCost } from "../../../server/events/cost.ts";
import { CreateEventSchema } from "../../../server/events/schemas.ts";
import { Button } from "../../components/button.tsx";
import { Checkbox } from "../../components/checkbox.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { toast } from "../../lib/ui.ts";
import { fromLocalInput, toLocalInput } from "../tournaments/lib/format.ts";
import { useBalance } from "../wallet/wallet.tsx";
import { type ArenaEvent, formatEuros, formatEventDate, useCategories } from "./api.ts";
import "../../styles/events.css";

interface Fields {
  name: string;
  description: string;
  categoryId: string;
  startDate: string;
  endDate: string;
  maxParticipants: string;
  ticketPrice: string;
  location: string;
  rules: string;
  isPublic: boolean;
  requiresApproval: boolean;
}

function fieldsOf(event?: ArenaEvent): Fields {
  return {
    name: event?.name ?? "",
    description: event?.description ?? "",
    categoryId: event ? String(event.category.id) : "",
    startDate: toLocalInput(event?.startDate ?? null),
    endDate: toLocalInput(event?.endDate ?? null),
    maxParticipants: event?.maxParticipants ? String(event.maxParticipants) : "",
    ticketPrice: event ? String(event.ticketPrice) : "0",
    location: event?.location ?? "",
    rules: event?.rules ?? "",
    isPublic: event?.isPublic ?? true,
    requiresApproval: event?.requiresApproval ?? false,
  };
}

/**
 * Create event (and its edit screen): the spec's fields and validation order, a live cost estimate
 * from the very formula the server charges (server/events/cost.ts), and an optional preview.
 */
export function EventForm({ event }: { event?: ArenaEvent }) {
  const { t, i18n } = useTranslation("events-ui");
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const balance = useBalance(user?.id);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(event));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState(false);
  const body = {
    name: fields.name,
    description: fields.description,
    categoryId: fields.categoryId,
    startDate: fromLocalInput(fields.startDate),
    endDate: fromLocalInput(fields.endDate) || null,
    maxParticipants: fields.maxParticipants,
    ticketPrice: fields.ticketPrice || "0",
    location: fields.location,
    rules: fields.rules,
    isPublic: fields.isPublic,
    requiresApproval: fields.requiresApproval,
  };
  const start = Date.parse(body.startDate);
  const cost = fields.categoryId && Number.isFinite(start) ? creationCost(Number(fields.categoryId), start, body.endDate ? Date.parse(body.endDate) : null, fields.maxParticipants ? Number(fields.maxParticipants) : null) : null;
  const save = useMutation({
    mutationFn: () => (event ? api<{ message: string }>(`/events/${event.slug}`, { method: "PUT", body }) : api<{ message: string }>("/events", { method: "POST", body: { ...body, creationCost: cost } })),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: ["events"] });
      void queryClient.invalidateQueries({ queryKey: ["wallet"] });
      void navigate(event ? { to: "/events/$slug", params: { slug: event.slug } } : { to: "/my-events" });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length) setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.msg])));
      else toast.error(error.message);
    },
  });
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    // The server's own schema, in the spec's validation order; it checks again on its side.
    const checked = CreateEventSchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!checked.success) for (const issue of checked.error.issues) found[String(issue.path[0])] ??= t(`errors:${issue.message}`);
    if (Number.isFinite(start) && start <= Date.now()) found.startDate ??= t("errors:event_start_past");
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: e.target.value }));
  const category = categories.data?.find((c) => String(c.id) === fields.categoryId);

  return (
    <form className="event-form" onSubmit={submit} noValidate>
      <div className="event-form-fields">
        <TextField label={t("field_name")} value={fields.name} onChange={set("name")} error={errors.name} maxLength={120} required />
        <div className="field">
          <label htmlFor="event-description">{t("field_description")}</label>
          <textarea id="event-description" rows={5} value={fields.description} onChange={set("description")} aria-invalid={Boolean(errors.description)} />
          {errors.description ? <p className="field-error">{errors.description}</p> : null}
        </div>
        <div className="field">
          <label htmlFor="event-category">{t("field_category")}</label>
          <select id="event-category" value={fields.categoryId} onChange={set("categoryId")} aria-invalid={Boolean(errors.categoryId)}>
            <option value="">{t("choose_category")}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.categoryId ? <p className="field-error">{errors.categoryId}</p> : null}
        </div>
        <div className="grid-2">
          <TextField label={t("field_start")} type="datetime-local" value={fields.startDate} onChange={set("startDate")} error={errors.startDate} />
          <TextField label={t("field_end")} type="datetime-local" value={fields.endDate} onChange={set("endDate")} error={errors.endDate} />
        </div>
        <div className="grid-2">
          <TextField label={t("field_max")} hint={t("field_max_hint")} type="number" min={1} value={fields.maxParticipants} onChange={set("maxParticipants")} error={errors.maxParticipants} />
          <TextField label={t("field_price")} type="number" min={0} step={0.01} value={fields.ticketPrice} onChange={set("ticketPrice")} error={errors.ticketPrice} />
        </div>
        <TextField label={t("location")} value={fields.location} onChange={set("location")} maxLength={200} />
        <div className="field">
          <label htmlFor="event-rules">{t("rules")}</label>
          <textarea id="event-rules" rows={4} value={fields.rules} onChange={set("rules")} />
        </div>
        <Checkbox label={t("field_public")} checked={fields.isPublic} onChange={(e) => setFields((f) => ({ ...f, isPublic: e.target.checked }))} />
        <Checkbox label={t("field_approval")} checked={fields.requiresApproval} onChange={(e) => setFields((f) => ({ ...f, requiresApproval: e.target.checked }))} />
      </div>
      <aside className="event-form-side">
        {event ? null : (
          <section className="ticket-panel" aria-label={t("cost_title")} aria-live="polite">
            <h2>
              <Coins size={18} aria-hidden /> {t("cost_title")}
            </h2>
            <p className="event-cost tabular">{cost === null ? t("cost_pending") : t("gcoins", { value: cost })}</p>
            <p className="muted small">{t("cost_hint")}</p>
            {balance.data !== undefined ? <p className={`small tabular${cost !== null && cost > balance.data ? " field-error" : ""}`}>{t("your_balance", { value: balance.data })}</p> : null}
          </section>
        )}
        <Button variant="secondary" icon={<Eye size={16} aria-hidden />} onClick={() => setPreview((p) => !p)} aria-expanded={preview}>
          {preview ? t("hide_preview") : t("show_preview")}
        </Button>
        {preview ? (
          <article className="event-card" aria-label={t("preview")}>
            <div className="event-card-cover" style={{ background: `linear-gradient(135deg, ${category?.color ?? "#7c5cff"}, #14121f)` }}>
              {category ? <span className="event-chip" style={{ background: category.color }}>{category.name}</span> : null}
            </div>
            <div className="event-card-body">
              <strong>{fields.name || t("field_name")}</strong>
              <p className="muted small">{fields.description.slice(0, 120)}</p>
              {Number.isFinite(start) ? <p className="small">{formatEventDate(body.startDate, i18n.language)}</p> : null}
              <p className="event-card-price">{Number(fields.ticketPrice) > 0 ? formatEuros(Number(fields.ticketPrice), i18n.language) : t("free")}</p>
            </div>
          </article>
        ) : null}
        <Button type="submit" busy={save.isPending}>
          {event ? t("save_event") : t("create_event")}
        </Button>
      </aside>
    </form>
  );
}
