import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OVERLAY_ALERT_KINDS } from "../../../../server/overlays/schemas.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { CopyField } from "../../../components/copy-field.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Switch } from "../../../components/switch.tsx";
import { toast } from "../../../lib/ui.ts";
import { useOverlaySettings, useResetOverlay, useSetOverlaySound, useTestAlert } from "../api/overlays.ts";
import "../../../i18n/screens/overlays.ts";
import "../../../styles/overlays.css";

/** Each overlay the streamer can add to OBS: its name in the settings and the end of its address. */
const OVERLAYS = [
  { key: "alerts", path: "alerts" },
  { key: "chat", path: "chat" },
  { key: "score", path: "score" },
  { key: "starting", path: "scene?scene=starting" },
  { key: "brb", path: "scene?scene=brb" },
] as const;

/**
 * Settings → Integrations: the streamer's OBS overlays (issue 36, item 4). Each address is masked until shown (it
 * opens without a session), copied in one click; the alerts' sound, a test of each alert, and a new address.
 */
export function OverlaysPanel() {
  const { t } = useTranslation("overlays");
  const settings = useOverlaySettings();
  return (
    <section className="settings-form webhooks-panel" aria-labelledby="overlays-title">
      <h2 id="overlays-title">{t("title")}</h2>
      <p className="muted">{t("intro")}</p>
      <QueryState query={settings} pending={<Skeleton height={160} />} failure={t("load_failed")}>
        {(data) => <OverlayLinks secret={data.secret} sound={data.sound} />}
      </QueryState>
    </section>
  );
}

function OverlayLinks({ secret, sound }: { secret: string; sound: boolean }) {
  const { t } = useTranslation("overlays");
  const setSound = useSetOverlaySound();
  const test = useTestAlert();
  const base = `${window.location.origin}/overlay/${secret}`;
  return (
    <>
      <ul className="overlay-links">
        {OVERLAYS.map((overlay) => (
          <li key={overlay.key} className="overlay-link" data-overlay={overlay.key}>
            <CopyField label={t(`kind_${overlay.key}`)} value={`${base}/${overlay.path}`} copyLabel={t("copy")} secret />
            <p className="muted small">{t(`kind_${overlay.key}_text`)}</p>
          </li>
        ))}
      </ul>
      <Switch label={t("sound")} description={t("sound_hint")} checked={sound} disabled={setSound.isPending} onChange={(on) => setSound.mutate(on)} />
      <div>
        <p className="field-label">{t("test")}</p>
        <div className="overlay-tests">
          {OVERLAY_ALERT_KINDS.map((kind) => (
            <Button key={kind} variant="secondary" size="sm" onClick={() => test.mutate(kind, { onSuccess: () => toast.success(t("test_sent")) })}>
              {t(`alert_${kind}_test`)}
            </Button>
          ))}
        </div>
      </div>
      <ResetAddress />
    </>
  );
}

function ResetAddress() {
  const { t } = useTranslation("overlays");
  const reset = useResetOverlay();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="secondary" icon={<RotateCcw size={16} aria-hidden />} onClick={() => setConfirming(true)}>
        {t("reset")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("reset_title")}
        confirmLabel={t("reset")}
        busy={reset.isPending}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t("reset_done"));
            },
          })
        }
      >
        <p>{t("reset_text")}</p>
      </ConfirmDialog>
    </>
  );
}
