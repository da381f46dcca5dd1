import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { formatFileSize } from "../../../lib/format.ts";
import { toast } from "../../../lib/ui.ts";
import { useBackups, useMachine, useStartBackup } from "../api/admin.ts";
import { MachineRecordingRoom } from "./storage-panel.tsx";
import "../../../i18n/screens/admin.ts";

/** The machine: what the disk holds and has left, the lives and their ffmpeg jobs, backups, the last log lines. */
export function MachinePanel() {
  const { t, i18n } = useTranslation("admin");
  const machine = useMachine();
  if (machine.data === undefined) return <QueryState query={machine} pending={<Skeleton height={320} />} failure={t("load_failed")} />;
  const { disks, usage, lives, ffmpegJobs, log } = machine.data;
  const size = (bytes: number | null) => (bytes === null ? "—" : formatFileSize(bytes, i18n.language));
  return (
    <div className="admin-machine">
      <MachineRecordingRoom />
      <section>
        <h2>{t("machine_disks")}</h2>
        <ul className="admin-facts">
          {disks.map((disk) => (
            <li key={disk.volume}>
              {t(`volume_${disk.volume}`)} : {t("disk_free", { free: size(disk.freeBytes), total: size(disk.totalBytes) })}{" "}
              <Badge tone={disk.status === "ok" ? "success" : disk.status === "low" ? "warning" : "danger"}>{t(`disk_${disk.status}`)}</Badge>
            </li>
          ))}
          {(["recordings", "uploads", "exports", "backups", "database"] as const).map((part) => (
            <li key={part}>
              {t(`usage_${part}`)} : {size(usage[part])}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{t("machine_lives", { count: lives.length })}</h2>
        <p className="muted">{t("machine_jobs", { count: ffmpegJobs })}</p>
        {lives.length ? (
          <ul className="admin-facts">
            {lives.map((live) => (
              <li key={live.username}>
                {live.username} · {live.title || "—"} · {new Date(live.startedAt).toLocaleTimeString(i18n.language, { timeStyle: "short" })}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <Backups />
      <section>
        <h2>{t("machine_log")}</h2>
        {log.length ? (
          <ol className="admin-log">
            {log.map((entry, i) => (
              <li key={i}>
                <time dateTime={entry.at}>{new Date(entry.at).toLocaleTimeString(i18n.language)}</time> {entry.line}
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted">{t("none")}</p>
        )}
      </section>
    </div>
  );
}

function Backups() {
  const { t, i18n } = useTranslation("admin");
  const backups = useBackups();
  const start = useStartBackup({ onError: (error) => toast.error(error.message) });
  const running = backups.data?.running ?? false;
  return (
    <section>
      <h2>{t("backups")}</h2>
      <p className="muted">{t("backups_help")}</p>
      <Button variant="secondary" busy={start.isPending || running} busyLabel={t("backup_running")} onClick={() => start.mutate()}>
        {t("backup_start")}
      </Button>
      <ul className="admin-facts">
        {(backups.data?.backups ?? []).map((backup) => (
          <li key={backup.name}>
            <a href={backup.downloadUrl} download>
              {backup.name}
            </a>{" "}
            · {formatFileSize(backup.size, i18n.language)} · {new Date(backup.createdAt).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" })}
          </li>
        ))}
      </ul>
    </section>
  );
}
