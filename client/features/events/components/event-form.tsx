import { useNavigate } from "@tanstack/react-router";
import { Coins, Eye, ImagePlus, X } from "lucide-react";
import { type ComponentType, type FormEvent, type SelectHTMLAttributes, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { creationCost } from "../../../../server/events/cost.ts";
import { CreateEventSchema } from "../../../../server/events/schemas.ts";
import { Button } from "../../../components/button.tsx";
import { Checkbox } from "../../../components/checkbox.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { ApiError } from "../../../lib/api.ts";
import { readableChip } from "../../../lib/contrast.ts";
import { useSession } from "../../../data/session.ts";
import { toast } from "../../../lib/ui.ts";
import { fromLocalInput, toLocalInput } from "../../../lib/format.ts";
import { useBalance } from "../../../data/wallet-balance.ts";
import { type ArenaEvent, useCategories } from "../api/get-events.ts";
import { useSaveEvent, useUploadCover } from "../api/save-event.ts";
import { formatEuros, formatEventDate } from "../event-rules.ts";
import "../../../styles/events.css";
import "../../../i18n/screens/events-ui.ts";
import "../../../i18n/screens/errors.ts";

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
  coverImage: string;
  tournamentId: string;
}

/** The order in which the spec checks the fields (spec 02 §5): the first broken rule is the toast. */
const FIELD_ORDER = ["name", "description", "categoryId", "startDate", "endDate", "maxParticipants", "ticketPrice", "coverImage", "tournamentId"];

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
    coverImage: event?.coverImage ?? "",
    tournamentId: event?.tournamentId ? String(event.tournamentId) : "",
  };
}

function bodyOf(fields: Fields, tournamentCategory: boolean) {
  return {
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
    coverImage: fields.coverImage,
    tournamentId: tournamentCategory && fields.tournamentId ? Number(fields.tournamentId) : null,
  };
}

/** Every broken rule, by field, as error codes: the server's own schema, plus "in the future", which it checks against its clock. */
function problemsOf(body: ReturnType<typeof bodyOf>): Record<string, string> {
  const checked = CreateEventSchema.safeParse(body);
  const found: Record<string, string> = {};
  if (!checked.success) for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
  const start = Date.parse(body.startDate);
  if (Number.isFinite(start) && start <= Date.now()) found.startDate ??= "event_start_past";
  return found;
}

/** Spec 02 §8: the server's message when it gave one, a network error said as such, else "Error creating event". */
function saveError(error: unknown, t: (key: string) => string, editing: boolean): string {
  if (error instanceof ApiError && error.status === 0) return t("network_error_check");
  if (error instanceof ApiError && error.status < 500 && error.code !== "internal") return error.message;
  return t(editing ? "save_failed" : "create_failed");
}

/** A `<select>` that adds the tournaments to the options it is given. */
export type TournamentSelectType = ComponentType<SelectHTMLAttributes<HTMLSelectElement>>;

/**
 * Create event (and its edit screen): the spec's fields and validation order, a live cost estimate
 * from the very formula the server charges (server/events/cost.ts), and an optional preview.
 * `TournamentSelect` is the `<select>` of tournaments to link, which the route builds from the tournaments feature's
 * list; it shows only for the tournament category.
 */
export function EventForm({ event, TournamentSelect }: { event?: ArenaEvent; TournamentSelect: TournamentSelectType }) {
  const { t, i18n } = useTranslation("events-ui");
  const { user } = useSession();
  const navigate = useNavigate();
  const categories = useCategories();
  const balance = useBalance(user?.id);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(event));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState(false);
  const category = categories.data?.find((c) => String(c.id) === fields.categoryId);
  const tournamentCategory = category?.slug === "tournament";
  const body = bodyOf(fields, tournamentCategory);
  const start = Date.parse(body.startDate);
  const cost =
    fields.categoryId && Number.isFinite(start)
      ? creationCost(Number(fields.categoryId), start, body.endDate ? Date.parse(body.endDate) : null, fields.maxParticipants ? Number(fields.maxParticipants) : null)
      : null;
  // Spec 02 §5: creating is not offered to a wallet that cannot pay; the note says why and where to get G-Coins.
  const tooPoor = !event && cost !== null && balance.data !== undefined && balance.data < cost;
  const refetchBalance = balance.refetch;
  useEffect(() => {
    // The top-up opens in another tab (spec 02 §2): coming back, or every few seconds, the balance is read anew.
    if (!tooPoor) return;
    const reread = () => document.visibilityState === "visible" && void refetchBalance();
    const timer = setInterval(reread, 5000);
    document.addEventListener("visibilitychange", reread);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", reread);
    };
  }, [tooPoor, refetchBalance]);
  const upload = useUploadCover({
    onSuccess: (answer) => update({ coverImage: answer.coverImage }),
    onError: (error) => setErrors((current) => ({ ...current, coverImage: error.message })),
  });
  const save = useSaveEvent(event?.slug, {
    onSuccess: (answer) => {
      toast.success(answer.message);
      void navigate(event ? { to: "/events/$slug", params: { slug: event.slug } } : { to: "/my-events" });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length) setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.msg])));
      toast.error(saveError(error, t, Boolean(event)));
    },
  });
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (tooPoor) return;
    // The server's own schema, in the spec's validation order; it checks again on its side.
    const problems = problemsOf(body);
    const found = Object.fromEntries(Object.entries(problems).map(([field, code]) => [field, t(`errors:${code}`)]));
    setErrors(found);
    const first = FIELD_ORDER.find((field) => field in found);
    if (first) toast.error(found[first]!);
    else save.mutate(event ? body : { ...body, creationCost: cost });
  };
  /** A change; the field's error goes as soon as the field is valid again (other fields keep theirs). */
  const update = (patch: Partial<Fields>) => {
    const next = { ...fields, ...patch };
    setFields(next);
    const problems = problemsOf(bodyOf(next, tournamentCategory));
    const fixed = Object.keys(patch).filter((key) => key in errors && !(key in problems));
    if (fixed.length) setErrors(Object.fromEntries(Object.entries(errors).filter(([key]) => !fixed.includes(key))));
  };
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => update({ [key]: e.target.value });

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
          <TextField label={t("field_price")} hint={t("field_price_hint")} type="number" min={0} step={0.01} value={fields.ticketPrice} onChange={set("ticketPrice")} error={errors.ticketPrice} />
        </div>
        {tournamentCategory ? (
          <div className="field">
            <label htmlFor="event-tournament">{t("field_tournament")}</label>
            <TournamentSelect id="event-tournament" value={fields.tournamentId} onChange={set("tournamentId")} aria-invalid={Boolean(errors.tournamentId)} aria-describedby="event-tournament-hint">
              <option value="">{t("no_tournament")}</option>
            </TournamentSelect>
            {errors.tournamentId ? (
              <p className="field-error">{errors.tournamentId}</p>
            ) : (
              <p id="event-tournament-hint" className="field-hint">
                {t("field_tournament_hint")}
              </p>
            )}
          </div>
        ) : null}
        <div className="field event-cover-field">
          <label htmlFor="event-cover">{t("field_cover")}</label>
          {fields.coverImage ? (
            <div className="event-cover-preview">
              <img src={fields.coverImage} alt={t("cover_preview")} />
              <Button size="sm" variant="secondary" icon={<X size={14} aria-hidden />} onClick={() => update({ coverImage: "" })}>
                {t("remove_cover")}
              </Button>
            </div>
          ) : null}
          <input
            id="event-cover"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-invalid={Boolean(errors.coverImage)}
            aria-describedby="event-cover-message"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) upload.mutate(file);
            }}
          />
          {errors.coverImage ? (
            <p id="event-cover-message" className="field-error" role="alert">
              {errors.coverImage}
            </p>
          ) : (
            <p id="event-cover-message" className="field-hint">
              <ImagePlus size={14} aria-hidden /> {upload.isPending ? t("cover_uploading") : t("field_cover_hint")}
            </p>
          )}
        </div>
        <TextField label={t("location")} value={fields.location} onChange={set("location")} maxLength={200} />
        <div className="field">
          <label htmlFor="event-rules">{t("rules")}</label>
          <textarea id="event-rules" rows={4} value={fields.rules} onChange={set("rules")} />
        </div>
        <Checkbox label={t("field_public")} checked={fields.isPublic} onChange={(e) => update({ isPublic: e.target.checked })} />
        <Checkbox label={t("field_approval")} checked={fields.requiresApproval} onChange={(e) => update({ requiresApproval: e.target.checked })} />
      </div>
      <aside className="event-form-side">
        {event ? null : (
          <section className="ticket-panel" aria-label={t("cost_title")} aria-live="polite">
            <h2>
              <Coins size={18} aria-hidden /> {t("cost_title")}
            </h2>
            <p className="event-cost tabular">{cost === null ? t("cost_pending") : t("gcoins", { value: cost })}</p>
            <p className="muted small">{t("cost_hint")}</p>
            {balance.data !== undefined ? <p className={`small tabular${tooPoor ? " field-error" : ""}`}>{t("your_balance", { value: balance.data })}</p> : null}
          </section>
        )}
        <Button variant="secondary" icon={<Eye size={16} aria-hidden />} onClick={() => setPreview((p) => !p)} aria-expanded={preview}>
          {preview ? t("hide_preview") : t("show_preview")}
        </Button>
        {preview ? (
          <article className="event-card" aria-label={t("preview")}>
            <div
              className="event-card-cover"
              style={{ background: fields.coverImage ? `center / cover url(${JSON.stringify(fields.coverImage)})` : `linear-gradient(135deg, ${category?.color ?? "#7c5cff"}, #14121f)` }}
            >
              {category ? (
                <span className="event-chip" style={readableChip(category.color)}>
                  {category.name}
                </span>
              ) : null}
            </div>
            <div className="event-card-body">
              <strong>{fields.name || t("field_name")}</strong>
              <p className="muted small">{fields.description.slice(0, 120)}</p>
              {Number.isFinite(start) ? <p className="small">{formatEventDate(body.startDate, i18n.language)}</p> : null}
              {Number(fields.ticketPrice) > 0 ? (
                <p className="event-card-reference small muted">
                  {t("price_reference_label")} <span>{formatEuros(Number(fields.ticketPrice), i18n.language)}</span>
                </p>
              ) : null}
            </div>
          </article>
        ) : null}
        <Button type="submit" busy={save.isPending} disabled={tooPoor || upload.isPending} aria-describedby={tooPoor ? "event-cost-note" : undefined}>
          {event ? t("save_event") : t("create_event")}
        </Button>
        {tooPoor ? (
          <p id="event-cost-note" className="event-cost-note small" role="status">
            {t("cost_too_high", { cost, balance: balance.data })}{" "}
            <a href={`/top-up?userId=${user?.id ?? ""}`} target="_blank" rel="noopener">
              {t("get_gcoins")}
            </a>
          </p>
        ) : null}
      </aside>
    </form>
  );
}
