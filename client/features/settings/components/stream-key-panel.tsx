import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { toast } from "../../../lib/ui.ts";
import { CopyField } from "../../../components/copy-field.tsx";
import { useStreamKey } from "../api/get-stream-key.ts";
import { useRegenerateStreamKey } from "../api/regenerate-stream-key.ts";
import "../../../i18n/screens/community.ts";

/** The RTMP address and stream key to copy, and a new key after a confirmation. */
export function StreamKeyPanel() {
  const { t } = useTranslation("community");
  const [confirming, setConfirming] = useState(false);
  const key = useStreamKey();
  const regenerate = useRegenerateStreamKey({
    onSuccess: () => {
      setConfirming(false);
      toast.success(t("key_regenerated"));
    },
    onError: () => {
      setConfirming(false);
      toast.error(t("key_regenerate_failed"));
    },
  });
  return (
    <section className="settings-form" aria-labelledby="stream-key-title">
      <h2 id="stream-key-title">{t("stream_key_title")}</h2>
      <QueryState query={key} pending={<Skeleton height={132} />} failure={t("key_load_failed")}>
        {(data) => (
          <>
            <CopyField label={t("server_address")} value={data.injectionLink} copyLabel={t("copy_server_address")} />
            <CopyField label={t("stream_key")} value={data.streamKey} copyLabel={t("copy_stream_key")} secret />
          </>
        )}
      </QueryState>
      <Button variant="secondary" icon={<RefreshCw size={16} aria-hidden />} onClick={() => setConfirming(true)}>
        {t("regenerate_key")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("regenerate_title")}
        confirmLabel={t("regenerate_key")}
        busy={regenerate.isPending}
        danger
        onConfirm={() => regenerate.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t("regenerate_text")}</p>
      </ConfirmDialog>
    </section>
  );
}
