import { Pin, PinOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { toast } from "../../../lib/ui.ts";
import { usePinReplay } from "../api/replay-changes.ts";
import type { Replay } from "../api/replays.ts";
import "../../../i18n/screens/storage.ts";

/**
 * Pins a replay so the storage policy never removes it, or unpins it: an icon on the streamer's cards,
 * a labelled button on the replay's page. The server lets its streamer and admins only.
 */
export function PinButton({ replay, labelled = false }: { replay: Replay; labelled?: boolean }) {
  const { t } = useTranslation("storage");
  const pin = usePinReplay({ onError: () => toast.error(t("pin_failed")) });
  const label = t(replay.pinned ? "unpin_replay_named" : "pin_replay_named", { title: replay.title });
  const icon = replay.pinned ? <PinOff size={labelled ? 16 : 18} aria-hidden /> : <Pin size={labelled ? 16 : 18} aria-hidden />;
  const toggle = () => pin.mutate({ id: replay.id, pinned: !replay.pinned });
  if (labelled) {
    return (
      <Button variant="ghost" size="sm" icon={icon} aria-label={label} busy={pin.isPending} onClick={toggle}>
        {replay.pinned ? t("unpin") : t("pin")}
      </Button>
    );
  }
  return (
    <button type="button" className="icon-btn replay-card-delete" aria-label={label} title={label} disabled={pin.isPending} onClick={toggle}>
      {icon}
    </button>
  );
}

/** The marker on a pinned replay's thumbnail, for everyone who sees the card. */
export function PinnedMarker() {
  const { t } = useTranslation("storage");
  return (
    <span className="replay-card-pin">
      <Pin size={12} aria-hidden /> {t("pinned")}
    </span>
  );
}
