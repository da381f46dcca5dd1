import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { TextField } from "../../../components/text-field.tsx";
import type { UpdateTournamentSchema } from "../../../../server/tournaments/schemas.ts";
import { ApiError, type FormFields } from "../../../lib/api.ts";
import { toast } from "../../../lib/ui.ts";
import { useUpdateTournament } from "../api/mutations.ts";
import { useTournament } from "../api/queries.ts";
import type { Structure, Tournament } from "../api/types.ts";
import { fromLocalInput, toLocalInput } from "../../../lib/format.ts";
import { FORMATS, SIZES } from "../../../../shared/tournaments.ts";
import { editSizes, formatDate, timeZones } from "../lib/format.ts";
import { SwissFields, swissSettingsFor } from "./swiss-fields.tsx";
import "../../../styles/tournaments.css";
import "../../../i18n/screens/tournaments-ui.ts";

interface Values {
  name: string;
  prize: string;
  startDate: string;
  endDate: string;
  description: string;
  structure: Structure;
  size: number;
  discipline: string;
  timeZone: string;
  rules: string;
  /** Swiss only (issue 19): "" for the default rounds. */
  swissRounds: string;
  topCut: number;
}

const valuesOf = (t: Tournament): Values => ({
  name: t.name,
  prize: t.prize ?? "",
  startDate: toLocalInput(t.startDate),
  endDate: toLocalInput(t.endDate),
  description: t.description ?? "",
  structure: t.structure,
  size: t.size,
  discipline: t.discipline ?? "",
  timeZone: t.timezone || "UTC",
  rules: t.rules ?? "",
  swissRounds: t.swissRounds === null ? "" : String(t.swissRounds),
  topCut: t.topCut,
});

/** A new size keeps the Swiss settings it can still pair and cut. */
function withSize(values: Values, size: number): Values {
  const swiss = swissSettingsFor(size, values.swissRounds, values.topCut);
  return { ...values, size, swissRounds: swiss.rounds, topCut: swiss.topCut };
}

export function SettingsScreen({ id, integrations }: { id: number; integrations?: ReactNode }) {
  const { t, i18n } = useTranslation("tournaments-ui");
  const tournament = useTournament(id);
  const [tab, setTab] = useState<"general" | "summary" | "integrations">("general");
  if (tournament.data === undefined)
    return (
      <main className="page">
        <QueryState page query={tournament} pending={<Skeleton height={320} />} />
      </main>
    );
  const data = tournament.data;
  return (
    <main className="page">
      <header className="page-header">
        <div>
          <Link to="/dashboard/$id" params={{ id }} className="small">
            ← {data.name}
          </Link>
          <h1>{t("settings")}</h1>
        </div>
      </header>
      <Tabs
        tabs={[{ id: "general", label: t("tab_general") }, { id: "summary", label: t("tab_summary") }, ...(integrations ? [{ id: "integrations" as const, label: t("tab_integrations") }] : [])]}
        value={tab}
        onChange={setTab}
        label={t("settings")}
      />
      <div role="tabpanel" className="t-panel">
        {tab === "general" ? (
          <GeneralForm tournament={data} />
        ) : tab === "integrations" ? (
          integrations
        ) : (
          <dl className="t-facts t-facts-wide">
            <dt>{t("name")}</dt>
            <dd>{data.name}</dd>
            <dt>{t("format")}</dt>
            <dd>{t(`format_${data.structure}`)}</dd>
            <dt>{t("size")}</dt>
            <dd>{data.size}</dd>
            <dt>{t("players")}</dt>
            <dd>{data.numberOfPlayers}</dd>
            <dt>{t("start_date")}</dt>
            <dd>{formatDate(data.startDate, i18n.language, data.timezone)}</dd>
            <dt>{t("end_date")}</dt>
            <dd>{formatDate(data.endDate, i18n.language, data.timezone)}</dd>
            <dt>{t("timezone")}</dt>
            <dd>{data.timezone}</dd>
            <dt>{t("prize")}</dt>
            <dd>{data.prize || "—"}</dd>
          </dl>
        )}
      </div>
    </main>
  );
}

function GeneralForm({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation("tournaments-ui");
  const initial = useMemo(() => valuesOf(tournament), [tournament]);
  const [values, setValues] = useState(initial);
  const [cover, setCover] = useState<File | null>(null);
  const [poster, setPoster] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateTournament(tournament.id);
  const zones = useMemo(() => {
    const list = timeZones();
    return list.includes(initial.timeZone) ? list : [initial.timeZone, ...list];
  }, [initial.timeZone]);
  useEffect(() => setValues(initial), [initial]);
  const dirty = cover !== null || poster !== null || (Object.keys(initial) as (keyof Values)[]).some((k) => initial[k] !== values[k]);
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const started = tournament.isActive || tournament.isFinished;
  const sizes = editSizes(values.structure, initial.size);
  // A format that does not take the chosen size moves to 8, which every format takes.
  const chooseStructure = (structure: Structure) => setValues((v) => withSize({ ...v, structure }, SIZES[structure].includes(v.size) ? v.size : 8));
  const chooseSize = (size: number) => setValues((v) => withSize(v, size));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const form = new FormData();
    const fields: FormFields<typeof UpdateTournamentSchema> = {
      tournrmentName: values.name.trim(),
      prize: values.prize,
      description: values.description,
      rules: values.rules,
      structure: values.structure,
      size: String(values.size),
      discipline: values.discipline,
      timeZone: values.timeZone,
      startDate: fromLocalInput(values.startDate),
      endDate: fromLocalInput(values.endDate),
      ...(values.structure === "swiss" ? { swissRounds: values.swissRounds, topCut: String(values.topCut) } : {}),
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (cover) form.append("cover", cover);
    if (poster) form.append("poster", poster);
    update.mutate(form, {
      onSuccess: () => {
        setErrors({});
        setCover(null);
        setPoster(null);
        toast.success(t("updated_successfully"));
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.msg])));
        toast.error(error.message || t("upload_failed"));
      },
    });
  };

  return (
    <form className="t-form" onSubmit={submit} noValidate>
      <div className="grid-2">
        <div className="field">
          <label htmlFor="s-cover">{t("cover")}</label>
          <input id="s-cover" type="file" accept="image/*" onChange={(e) => setCover(e.target.files?.[0] ?? null)} />
          {errors.cover ? <p className="field-error">{errors.cover}</p> : null}
        </div>
        <div className="field">
          <label htmlFor="s-poster">{t("poster")}</label>
          <input id="s-poster" type="file" accept="image/*" onChange={(e) => setPoster(e.target.files?.[0] ?? null)} />
          {errors.poster ? <p className="field-error">{errors.poster}</p> : null}
        </div>
      </div>
      <TextField label={`${t("name")} *`} value={values.name} onChange={(e) => set("name")(e.target.value)} error={errors.tournrmentName} />
      <TextField label={t("prize")} value={values.prize} onChange={(e) => set("prize")(e.target.value)} error={errors.prize} />
      <div className="grid-2">
        <TextField label={`${t("start_date")} *`} type="datetime-local" value={values.startDate} onChange={(e) => set("startDate")(e.target.value)} error={errors.startDate} />
        <TextField label={`${t("end_date")} *`} type="datetime-local" value={values.endDate} onChange={(e) => set("endDate")(e.target.value)} error={errors.endDate} />
      </div>
      <div className="field">
        <label htmlFor="s-description">{t("description")}</label>
        <textarea id="s-description" rows={4} value={values.description} onChange={(e) => set("description")(e.target.value)} />
      </div>
      <div className="grid-2">
        <div className="field">
          <label htmlFor="s-structure">{`${t("structure")} *`}</label>
          <select id="s-structure" value={values.structure} disabled={tournament.isActive} onChange={(e) => chooseStructure(e.target.value as Structure)}>
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`format_${f}`)}
              </option>
            ))}
          </select>
          {errors.structure ? <p className="field-error">{errors.structure}</p> : null}
        </div>
        <div className="field">
          <label htmlFor="s-size">{t("size")}</label>
          <select id="s-size" value={values.size} disabled={started} aria-describedby="s-size-hint" onChange={(e) => chooseSize(Number(e.target.value))}>
            {sizes.map((size) => (
              <option key={size} value={size} disabled={size < tournament.numberOfPlayers}>
                {size}
              </option>
            ))}
          </select>
          <p id="s-size-hint" className="muted small">
            {started ? t("size_locked") : t("size_hint", { players: tournament.numberOfPlayers })}
          </p>
          {errors.size ? <p className="field-error">{errors.size}</p> : null}
        </div>
      </div>
      {values.structure === "swiss" ? (
        <SwissFields idPrefix="s" size={values.size} rounds={values.swissRounds} topCut={values.topCut} onRounds={set("swissRounds")} onTopCut={set("topCut")} errors={errors} locked={started} />
      ) : null}
      <TextField label={`${t("discipline")} *`} value={values.discipline} onChange={(e) => set("discipline")(e.target.value)} error={errors.discipline} />
      <div className="field">
        <label htmlFor="s-zone">{t("timezone")}</label>
        <select id="s-zone" value={values.timeZone} onChange={(e) => set("timeZone")(e.target.value)}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="s-rules">{t("rules")}</label>
        <textarea id="s-rules" rows={5} value={values.rules} onChange={(e) => set("rules")(e.target.value)} />
      </div>
      <div className="row">
        <Button type="submit" disabled={!dirty} busy={update.isPending} busyLabel={t("saving")}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
