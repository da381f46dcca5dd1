import { FolderOpen, HardDrive, Pin, TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { ApiError } from "../../../lib/api.ts";
import { formatFileSize } from "../../../lib/format.ts";
import { toast } from "../../../lib/ui.ts";
import { type RetentionRun, type StorageOverview, type StoragePolicyForm, useRunRetention, useSaveStoragePolicy, useStorage } from "../api/storage.ts";
import "../../../i18n/screens/admin.ts";
import "../../../i18n/screens/storage.ts";

const KEEP_MODES = ["forever", "days", "size"] as const;

/** The Storage tab (issue 20, item 3): how long replays are kept, and the free disk a recording needs. */
export function StoragePanel() {
  const { t, i18n } = useTranslation("storage");
  const storage = useStorage();
  if (storage.data === undefined) return <QueryState query={storage} pending={<Skeleton height={320} />} failure={t("admin:load_failed")} />;
  const { room, recordings } = storage.data;
  const size = (bytes: number | null) => (bytes === null ? "—" : formatFileSize(bytes, i18n.language));
  return (
    <div className="admin-storage">
      <RecordingRoomAlert overview={storage.data} />
      <section>
        <h2>{t("usage_title")}</h2>
        <ul className="admin-facts">
          <li>
            <HardDrive size={14} aria-hidden /> <span>{t("usage_replays", { count: recordings.count, size: size(recordings.bytes) })}</span>
          </li>
          <li>
            <Pin size={14} aria-hidden /> <span>{t("usage_pinned", { count: recordings.pinnedCount, size: size(recordings.pinnedBytes) })}</span>
          </li>
          <li>
            <FolderOpen size={14} aria-hidden /> <span>{t("usage_on_disk", { size: size(recordings.onDiskBytes) })}</span>
          </li>
          <li>
            <span>
              {t("usage_free", { free: size(room.freeBytes), total: size(room.totalBytes) })} <Badge tone={room.enough ? "success" : "danger"}>{room.enough ? t("room_ok") : t("room_full")}</Badge>
            </span>
          </li>
        </ul>
      </section>
      {/* Keyed on the saved policy: a save (or another admin's) starts the form again from what is stored. */}
      <PolicyForm key={JSON.stringify(storage.data.policy)} overview={storage.data} />
      <RunNow overview={storage.data} />
    </div>
  );
}

/** "Apply now" (issue 34, item 12): the saved policy's run at once, after a confirmation, and the list of what went. */
function RunNow({ overview }: { overview: StorageOverview }) {
  const { t, i18n } = useTranslation("storage");
  const [confirming, setConfirming] = useState(false);
  const [run, setRun] = useState<RetentionRun | null>(null);
  const apply = useRunRetention({
    onSuccess: (answer) => {
      setConfirming(false);
      setRun(answer);
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(error.message);
    },
  });
  const { policy } = overview;
  const rule =
    policy.keep === "days"
      ? t("run_rule_days", { count: policy.keepDays ?? 0 })
      : policy.keep === "size"
        ? t("run_rule_size", { gb: (policy.maxRecordingsGb ?? 0).toLocaleString(i18n.language) })
        : t("run_rule_forever");
  const size = (bytes: number) => formatFileSize(bytes, i18n.language);
  const freed = run ? run.removed.reduce((sum, replay) => sum + replay.bytes, 0) : 0;
  return (
    <section className="admin-storage-run" aria-labelledby="storage-run-title">
      <h2 id="storage-run-title">{t("run_title")}</h2>
      <p className="muted small">{t("run_help")}</p>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t("run_button")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("run_confirm_title")}
        confirmLabel={t("run_button")}
        busy={apply.isPending}
        busyLabel={t("run_busy")}
        danger={policy.keep !== "forever"}
        onConfirm={() => apply.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>{rule}</p>
        <p className="muted small">{t("run_confirm_parts")}</p>
      </ConfirmDialog>
      {run ? (
        <div className="admin-storage-result" role="status">
          <p>
            {t("run_done", { count: run.removed.length, size: size(freed) })} {t("run_parts", { size: size(run.partsBytes) })}
          </p>
          {run.removed.length ? (
            <ul className="admin-facts">
              {run.removed.map((replay) => (
                <li key={replay.id}>
                  {t("run_removed_line", {
                    title: replay.title,
                    channel: replay.username ?? "—",
                    size: size(replay.bytes),
                    date: new Date(replay.createdAt).toLocaleDateString(i18n.language),
                    rule: t(`run_by_${replay.rule}`),
                  })}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function PolicyForm({ overview }: { overview: StorageOverview }) {
  const { t, i18n } = useTranslation("storage");
  const { policy } = overview;
  const [form, setForm] = useState({
    keep: policy.keep,
    keepDays: String(policy.keepDays ?? 30),
    maxRecordingsGb: String(policy.maxRecordingsGb ?? 100),
    minFreeGb: String(policy.minFreeGb),
    minFreePercent: String(policy.minFreePercent),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveStoragePolicy({
    onSuccess: () => toast.success(t("saved")),
    onError: (error) => {
      const fields = error instanceof ApiError ? Object.fromEntries(error.fields.map((f) => [f.field, f.msg])) : {};
      if (Object.keys(fields).length) setErrors(fields);
      else toast.error(error.message);
    },
  });
  // A blank field is sent as null, so the server names what is missing; "2,5" is read the French way.
  const number = (text: string) => (text.trim() === "" ? null : Number(text.trim().replace(",", ".")));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const input: StoragePolicyForm = {
      keep: form.keep,
      keepDays: form.keep === "days" ? number(form.keepDays) : null,
      maxRecordingsGb: form.keep === "size" ? number(form.maxRecordingsGb) : null,
      // Checked by the server, which answers with the field's message.
      minFreeGb: number(form.minFreeGb) as number,
      minFreePercent: number(form.minFreePercent) as number,
    };
    save.mutate(input);
  };
  const lastRun = policy.lastRunAt ? new Date(policy.lastRunAt).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }) : null;
  return (
    <form className="admin-storage-form" onSubmit={submit} noValidate>
      <fieldset className="admin-storage-keep">
        <legend>{t("keep_title")}</legend>
        {KEEP_MODES.map((mode) => (
          <label key={mode} className="admin-storage-choice">
            <input type="radio" name="keep" value={mode} checked={form.keep === mode} onChange={() => setForm({ ...form, keep: mode })} />
            <span>{t(`keep_${mode}`)}</span>
          </label>
        ))}
      </fieldset>
      {form.keep === "days" ? (
        <TextField label={t("keep_days_label")} inputMode="numeric" value={form.keepDays} onChange={(event) => setForm({ ...form, keepDays: event.target.value })} error={errors.keepDays} />
      ) : null}
      {form.keep === "size" ? (
        <TextField
          label={t("max_gb_label")}
          inputMode="decimal"
          value={form.maxRecordingsGb}
          onChange={(event) => setForm({ ...form, maxRecordingsGb: event.target.value })}
          error={errors.maxRecordingsGb}
        />
      ) : null}
      <p className="muted small">{t("pinned_note")}</p>
      <p className="muted small">{lastRun ? t("last_run", { date: lastRun }) : t("never_run")}</p>
      <fieldset className="admin-storage-room">
        <legend>{t("room_title")}</legend>
        <p className="muted small">{t("room_help")}</p>
        <div className="admin-row">
          <TextField label={t("min_free_gb_label")} inputMode="decimal" value={form.minFreeGb} onChange={(event) => setForm({ ...form, minFreeGb: event.target.value })} error={errors.minFreeGb} />
          <TextField
            label={t("min_free_percent_label")}
            inputMode="decimal"
            value={form.minFreePercent}
            onChange={(event) => setForm({ ...form, minFreePercent: event.target.value })}
            error={errors.minFreePercent}
          />
        </div>
      </fieldset>
      <Button type="submit" busy={save.isPending} busyLabel={t("saving")}>
        {t("save")}
      </Button>
    </form>
  );
}

/** Shown at the top of the Storage and Machine tabs while the disk is too full to record. */
function RecordingRoomAlert({ overview }: { overview: StorageOverview | undefined }) {
  const { t, i18n } = useTranslation("storage");
  if (!overview || overview.room.enough) return null;
  const size = (bytes: number | null) => (bytes === null ? "—" : formatFileSize(bytes, i18n.language));
  return (
    <p className="admin-storage-alert" role="alert">
      <TriangleAlert size={18} aria-hidden /> {t("room_alert", { free: size(overview.room.freeBytes), floor: size(overview.room.minFreeBytes) })}
    </p>
  );
}

/** The Machine tab's line about recordings: the alert above, read from the storage policy's answer. */
export function MachineRecordingRoom() {
  return <RecordingRoomAlert overview={useStorage().data} />;
}
