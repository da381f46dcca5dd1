import { useTranslation } from "react-i18next";
import { CopyField } from "../../../components/copy-field.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Switch } from "../../../components/switch.tsx";
import { toast } from "../../../lib/ui.ts";
import { useSetSrt, useSrt } from "../api/srt.ts";
import "../../../i18n/screens/community.ts";

/**
 * SRT ingest (issue 37, item 4): a switch, then the `srt://` address to paste into OBS's Server field (stream key
 * empty). The address holds a passphrase made from the stream key, so it is masked until shown, as the key is.
 */
export function SrtPanel() {
  const { t } = useTranslation("community");
  const srt = useSrt();
  const set = useSetSrt({ onError: (error) => toast.error(error.message) });
  return (
    <QueryState query={srt} pending={<Skeleton height={56} />} failure={t("srt_load_failed")}>
      {(state) => (
        <div className="settings-form srt-panel">
          <Switch
            label={t("srt_switch")}
            description={state.available ? t("srt_switch_hint") : t("srt_unavailable")}
            checked={state.enabled}
            disabled={!state.available || set.isPending}
            onChange={(enabled) => set.mutate(enabled)}
          />
          {state.address ? (
            <>
              <CopyField label={t("srt_address")} value={state.address} copyLabel={t("copy_srt_address")} secret />
              <p className="field-hint">{t("srt_obs_hint")}</p>
            </>
          ) : null}
        </div>
      )}
    </QueryState>
  );
}
