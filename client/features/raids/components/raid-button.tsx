import { Rocket } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Raid, RaidTarget } from "../../../../server/raids/schemas.ts";
import { Avatar } from "../../../components/avatar.tsx";
import { Button } from "../../../components/button.tsx";
import { Modal } from "../../../components/modal.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { toast } from "../../../lib/ui.ts";
import { useCancelRaid, useCurrentRaid, useForgetRaid, useRaidTargets, useStartRaid } from "../api/raids.ts";
import { useRaidEvents } from "../api/use-raid-events.ts";
import { useCountdown } from "../use-countdown.ts";
import "../../../i18n/screens/raids.ts";
import "../../../styles/raids.css";

/** How long after its countdown a raid is taken as landed unless the server called it off. */
const LANDING_GRACE_MS = 1500;
/** A search waits for the typing to pause this long. */
const SEARCH_PAUSE_MS = 300;

/**
 * The streamer's raid (issue 36, item 5), on their own live's page: "Raid" opens the choice of a live channel
 * (suggestions first, or a search); once started, the countdown with "Annuler le raid" takes the button's place.
 */
export function RaidButton({ channelArn }: { channelArn: string }) {
  const { t } = useTranslation("raids");
  const current = useCurrentRaid(true);
  const [choosing, setChoosing] = useState(false);
  if (current.data) return <RaidCountdown raid={current.data} channelArn={channelArn} />;
  return (
    <>
      <Button variant="secondary" size="sm" icon={<Rocket size={16} aria-hidden />} onClick={() => setChoosing(true)}>
        {t("raid")}
      </Button>
      {choosing ? <RaidDialog onClose={() => setChoosing(false)} /> : null}
    </>
  );
}

function RaidCountdown({ raid, channelArn }: { raid: Raid; channelArn: string }) {
  const { t } = useTranslation("raids");
  const cancel = useCancelRaid();
  const forget = useForgetRaid();
  const cancelling = useRef(false);
  // Called off by the server: the target went offline before the raid landed.
  useRaidEvents(channelArn, (raidId) => {
    if (raidId !== raid.id || cancelling.current) return;
    toast.warning(t("failed", { username: raid.target.username }));
    forget();
  });
  const seconds = useCountdown(Date.parse(raid.landsAt));
  // At 0 the server lands the raid, or fails it when the target left: its word has a moment to arrive first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: at 0, once.
  useEffect(() => {
    if (seconds > 0) return;
    const timer = setTimeout(() => {
      toast.success(t("landed", { username: raid.target.username }));
      forget();
    }, LANDING_GRACE_MS);
    return () => clearTimeout(timer);
  }, [seconds === 0]);
  return (
    <div className="raid-countdown" role="group" aria-label={t("raid")}>
      <Rocket size={16} aria-hidden />
      <span className="tabular">{t("countdown", { username: raid.target.username, seconds })}</span>
      <Button
        variant="danger"
        size="sm"
        busy={cancel.isPending}
        onClick={() => {
          cancelling.current = true;
          cancel.mutate(undefined, { onSuccess: () => toast(t("cancelled"), "info") });
        }}
      >
        {t("cancel_raid")}
      </Button>
    </div>
  );
}

function RaidDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("raids");
  const [typed, setTyped] = useState("");
  const search = useDebounced(typed.trim(), SEARCH_PAUSE_MS);
  const targets = useRaidTargets(search, true);
  const [chosen, setChosen] = useState<string | null>(null);
  const start = useStartRaid();
  return (
    <Modal
      open
      onClose={onClose}
      title={t("dialog_title")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button icon={<Rocket size={16} aria-hidden />} busy={start.isPending} disabled={!chosen} onClick={() => chosen && start.mutate(chosen, { onSuccess: onClose })}>
            {t("start")}
          </Button>
        </>
      }
    >
      <div className="raid-dialog">
        <p className="muted">{t("dialog_intro")}</p>
        <TextField label={t("search")} type="search" value={typed} maxLength={60} onChange={(e) => setTyped(e.target.value)} />
        {start.error ? (
          <p role="alert" className="field-error">
            {start.error.message}
          </p>
        ) : null}
        <QueryState query={targets} pending={<Skeleton height={120} />} failure={t("load_failed")}>
          {(data) => (
            <fieldset className="raid-targets">
              <legend>{search ? t("results") : t("suggestions")}</legend>
              {data.targets.length === 0 ? <p className="muted">{search ? t("no_results") : t("no_suggestions")}</p> : null}
              {data.targets.map((target) => (
                <TargetOption key={target.username} target={target} checked={chosen === target.username} onChoose={() => setChosen(target.username)} />
              ))}
            </fieldset>
          )}
        </QueryState>
      </div>
    </Modal>
  );
}

function TargetOption({ target, checked, onChoose }: { target: RaidTarget; checked: boolean; onChoose: () => void }) {
  const { t } = useTranslation("raids");
  const reason =
    target.reason === "tournament" && target.tournament
      ? t("reason_tournament", { tournament: target.tournament.name, station: target.tournament.station })
      : target.reason === "followed"
        ? t("reason_followed")
        : null;
  return (
    <label className="raid-target">
      <input type="radio" name="raid-target" checked={checked} onChange={onChoose} aria-label={t("choose", { username: target.username })} />
      <Avatar name={target.username} image={target.avatar} size={36} isLive />
      <span className="raid-target-text">
        <strong>{target.username}</strong>
        {target.title ? <span className="raid-target-title">{target.title}</span> : null}
        <span className="muted small">
          <span className="tabular">{t("viewers", { count: target.viewerCount })}</span>
          {reason ? ` · ${reason}` : null}
        </span>
      </span>
    </label>
  );
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
