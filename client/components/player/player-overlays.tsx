import { VolumeX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../button.tsx";
import { Spinner } from "../spinner.tsx";

/** Over the picture while it loads, or while a live reconnects. */
export function BusyOverlay({ reconnecting }: { reconnecting: boolean }) {
  const { t } = useTranslation("player");
  return (
    <div className="player-overlay player-overlay-busy">
      <Spinner size={48} label={reconnecting ? t("reconnecting") : t("loading")} />
      {reconnecting ? <p>{t("reconnecting")}</p> : null}
    </div>
  );
}

/** Why nothing plays; a live offers to try again. */
export function ErrorOverlay({ text, onRetry }: { text: string | null; onRetry?: () => void }) {
  const { t } = useTranslation("player");
  return (
    <div className="player-overlay player-overlay-error" role="alert">
      <p>{text}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t("retry")}
        </Button>
      ) : null}
    </div>
  );
}

/** Offered when the player started without sound. */
export function UnmuteOffer({ onUnmute }: { onUnmute: () => void }) {
  const { t } = useTranslation("player");
  return (
    <button type="button" className="player-unmute" onClick={onUnmute}>
      <VolumeX size={18} aria-hidden />
      {t("tap_to_unmute")}
    </button>
  );
}

/**
 * Says when a quality changed the latency mode ("480p : passage en latence standard (HLS)"). The live
 * region is always in the page, so screen readers announce the text when it comes.
 */
export function QualityNote({ text }: { text: string | null }) {
  return <div role="status">{text ? <p className="player-note">{text}</p> : null}</div>;
}
import "../../i18n/screens/player.ts";
