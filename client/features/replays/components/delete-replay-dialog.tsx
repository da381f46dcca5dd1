import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { toast } from "../../../lib/ui.ts";
import { useDeleteReplay } from "../api/replay-changes.ts";
import type { Replay } from "../api/replays.ts";
import "../../../i18n/screens/streams.ts";

/** 'Delete Replay?' (spec 01 §2, §4): confirm, busy ('Deleting...'), closed; the lists drop the replay. */
export function DeleteReplayDialog({ replay, onClose, onDeleted }: { replay: Replay | null; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation("streams");
  const remove = useDeleteReplay();
  // The dialog re-focuses when its close handler changes: keep one for its whole life.
  const latest = useRef({ onClose, busy: remove.isPending });
  latest.current = { onClose, busy: remove.isPending };
  const cancel = useCallback(() => !latest.current.busy && latest.current.onClose(), []);
  return (
    <ConfirmDialog
      open={replay !== null}
      title={t("delete_replay_title")}
      confirmLabel={t("delete")}
      busyLabel={t("deleting")}
      busy={remove.isPending}
      danger
      onCancel={cancel}
      onConfirm={() => {
        if (!replay) return;
        remove.mutate(replay.id, {
          onSuccess: () => {
            toast.success(t("replay_deleted"));
            onClose();
            onDeleted?.();
          },
          onError: () => toast.error(t("replay_delete_failed")),
        });
      }}
    >
      <p>{t("delete_replay_text", { title: replay?.title ?? "" })}</p>
      <p className="muted small">{t("delete_replay_note")}</p>
    </ConfirmDialog>
  );
}
