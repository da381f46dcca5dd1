import { MapPin, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Station } from "../../../../server/tournaments/schemas.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Modal } from "../../../components/modal.tsx";
import { Switch } from "../../../components/switch.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/ui.ts";
import { type StationInput, useAssignMatch, useCreateStation, useRemoveStation, useSetAutoAssign, useStations, useUpdateStation } from "../api/stations.ts";
import type { Seed } from "../api/types.ts";
import "../../../i18n/screens/tournaments-ui.ts";

/** A failed save: each field's message under its field, anything else as a toast. */
function fieldErrors(error: unknown): Partial<Record<"name" | "channel", string>> {
  if (!(error instanceof ApiError)) return {};
  const fields = Object.fromEntries(error.fields.filter((f) => f.field === "name" || f.field === "channel").map((f) => [f.field, f.msg]));
  if (Object.keys(fields).length === 0) toast.error(error.message);
  return fields;
}

const matchName = (seed: Seed, tba: string) => `${seed.teams[0]?.player?.name ?? tba} – ${seed.teams[1]?.player?.name ?? tba}`;

/**
 * The organiser's stations (issue 18): declare them, name the channel that streams each, put a match
 * on one by hand, or let auto-assign send each ready match to a free station.
 */
export function StationsPanel({ tournamentId, seeds }: { tournamentId: number; seeds: Seed[] }) {
  const { t } = useTranslation("tournaments-ui");
  const stations = useStations(tournamentId);
  const setAutoAssign = useSetAutoAssign(tournamentId);
  const [editing, setEditing] = useState<Station | null>(null);
  const [removing, setRemoving] = useState<Station | null>(null);
  const remove = useRemoveStation(tournamentId);
  const list = stations.data?.stations ?? [];
  // A station may take any match both of whose players are known and that is not over.
  const open = seeds.filter((s) => !s.finished && s.teams.every((team) => team.playerID !== null));
  return (
    <section className="t-stations no-print" aria-labelledby={`stations-${tournamentId}`}>
      <div className="t-stations-head">
        <h2 id={`stations-${tournamentId}`}>{t("stations")}</h2>
        <Switch
          label={t("auto_assign")}
          description={t("auto_assign_hint")}
          checked={stations.data?.autoAssign ?? false}
          disabled={!stations.data || setAutoAssign.isPending}
          onChange={(on) => setAutoAssign.mutate(on, { onError: (error) => toast.error(error.message) })}
        />
      </div>
      {list.length === 0 ? <p className="muted small">{t("no_stations")}</p> : null}
      <ul className="t-station-list">
        {list.map((station) => (
          <StationRow key={station.id} tournamentId={tournamentId} station={station} open={open} onEdit={() => setEditing(station)} onRemove={() => setRemoving(station)} />
        ))}
      </ul>
      <StationForm tournamentId={tournamentId} />
      {editing ? <EditStation tournamentId={tournamentId} station={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        danger
        title={t("remove_station_title")}
        confirmLabel={t("remove_station")}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove.mutate(removing!.id, { onSuccess: () => setRemoving(null), onError: (error) => toast.error(error.message) })}
      >
        <p>{t("remove_station_text", { name: removing?.name ?? "" })}</p>
      </ConfirmDialog>
    </section>
  );
}

function StationRow({ tournamentId, station, open, onEdit, onRemove }: { tournamentId: number; station: Station; open: Seed[]; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation("tournaments-ui");
  const assign = useAssignMatch(tournamentId);
  const tba = t("slot_tba");
  const choices = station.match && !open.some((s) => s.id === station.match!.id) ? [station.match, ...open] : open;
  return (
    <li className="t-station">
      <div className="t-station-name">
        <MapPin size={16} aria-hidden />
        <strong>{station.name}</strong>
        <span className="muted small">
          {station.channel
            ? t("streamed_by", { username: station.channel.username })
            : station.requestedChannel
              ? t("channel_asked", { username: station.requestedChannel.username })
              : t("not_streamed")}
        </span>
      </div>
      <label className="t-station-match">
        <span className="sr-only">{t("match_at", { name: station.name })}</span>
        <select
          value={station.matchID ?? ""}
          disabled={assign.isPending}
          onChange={(event) => assign.mutate({ stationId: station.id, matchID: event.target.value || null }, { onError: (error) => toast.error(error.message) })}
        >
          <option value="">{t("station_free")}</option>
          {choices.map((seed) => (
            <option key={seed.id} value={seed.id}>
              {matchName(seed, tba)}
              {seed.station && seed.station.id !== station.id ? ` (${seed.station.name})` : ""}
            </option>
          ))}
        </select>
      </label>
      <div className="row t-station-actions">
        <button type="button" className="icon-btn" aria-label={t("edit_station", { name: station.name })} onClick={onEdit}>
          <Pencil size={16} aria-hidden />
        </button>
        <button type="button" className="icon-btn t-danger" aria-label={t("remove_station_named", { name: station.name })} onClick={onRemove}>
          <Trash2 size={16} aria-hidden />
        </button>
      </div>
    </li>
  );
}

function StationForm({ tournamentId }: { tournamentId: number }) {
  const { t } = useTranslation("tournaments-ui");
  const create = useCreateStation(tournamentId);
  const [values, setValues] = useState<StationInput>({ name: "", channel: "" });
  const [errors, setErrors] = useState<ReturnType<typeof fieldErrors>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(values, {
      onSuccess: () => {
        setValues({ name: "", channel: "" });
        setErrors({});
      },
      onError: (error) => setErrors(fieldErrors(error)),
    });
  };
  return (
    <form className="t-station-form" onSubmit={submit} aria-label={t("add_station")}>
      <StationFields values={values} errors={errors} onChange={setValues} />
      <Button type="submit" busy={create.isPending}>
        {t("add_station")}
      </Button>
    </form>
  );
}

function EditStation({ tournamentId, station, onClose }: { tournamentId: number; station: Station; onClose: () => void }) {
  const { t } = useTranslation("tournaments-ui");
  const update = useUpdateStation(tournamentId);
  const [values, setValues] = useState<StationInput>({ name: station.name, channel: station.channel?.username ?? station.requestedChannel?.username ?? "" });
  const [errors, setErrors] = useState<ReturnType<typeof fieldErrors>>({});
  const formId = `edit-station-${station.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ stationId: station.id, ...values }, { onSuccess: onClose, onError: (error) => setErrors(fieldErrors(error)) });
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t("edit_station", { name: station.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" form={formId} busy={update.isPending}>
            {t("save")}
          </Button>
        </>
      }
    >
      <form id={formId} className="t-station-edit" onSubmit={submit}>
        <StationFields values={values} errors={errors} onChange={setValues} />
      </form>
    </Modal>
  );
}

/** A station's name and streaming channel, as the add form and the edit dialog both ask them. */
function StationFields({ values, errors, onChange }: { values: StationInput; errors: ReturnType<typeof fieldErrors>; onChange: (values: StationInput) => void }) {
  const { t } = useTranslation("tournaments-ui");
  return (
    <>
      <TextField label={t("station_name")} value={values.name} maxLength={40} required error={errors.name} onChange={(e) => onChange({ ...values, name: e.target.value })} />
      <TextField
        label={t("station_channel")}
        hint={t("station_channel_hint")}
        value={values.channel}
        maxLength={50}
        error={errors.channel}
        onChange={(e) => onChange({ ...values, channel: e.target.value })}
      />
    </>
  );
}
