import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useSession } from "../../../data/session.ts";
import { useWaitlist } from "../../../data/waitlist.ts";
import { openAuthModal, toast } from "../../../lib/ui.ts";
import { useJoinTournament, useLeaveTournament } from "../api/mutations.ts";
import type { TournamentPage } from "../api/types.ts";
import "../../../i18n/screens/tournaments-ui.ts";

/** Join, Pending (hover: Cancel) or Participant (hover: Leave), and a "full" tag (spec 02 §4). */
export function JoinControl({ tournament }: { tournament: TournamentPage }) {
  const { t } = useTranslation("tournaments-ui");
  const { user } = useSession();
  const join = useJoinTournament(tournament.id);
  const leave = useLeaveTournament(tournament.id);
  const [confirming, setConfirming] = useState(false);
  const full = tournament.numberOfPlayers >= tournament.size;
  const active = tournament.isActive || tournament.isFinished;
  // A member offered a freed slot takes it from the offer (issue 34, item 4): no Join button beside it.
  const offered = useWaitlist({ kind: "tournament", id: tournament.id }, Boolean(user) && !active).data?.entry?.status === "offered";

  const onJoin = () => {
    if (!user) return openAuthModal("login");
    join.mutate(user.id, { onSuccess: () => toast.success(t("joined_successfully")), onError: (error) => toast.error(error.message) });
  };
  const onLeave = () =>
    leave.mutate(user!.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t("left_successfully"));
      },
      onError: (error) => toast.error(error.message),
    });

  const joined = Boolean(user) && tournament.isJoined;
  const approved = joined && tournament.userApproved;
  return (
    <div className="join-control">
      {full ? <Badge tone="warning">{t("full")}</Badge> : null}
      {!joined && !active && !full && !offered ? (
        <Button onClick={onJoin} busy={join.isPending}>
          {t("join")}
        </Button>
      ) : null}
      {joined ? (
        <button
          type="button"
          className={`btn ${approved ? "btn-secondary" : "btn-ghost"} join-status`}
          disabled={active}
          onClick={() => setConfirming(true)}
          aria-label={approved ? t("participant_leave") : t("pending_cancel")}
        >
          <span className="join-status-idle">{approved ? t("participant") : t("pending")}</span>
          <span className="join-status-hover" aria-hidden>
            {approved ? t("leave") : t("cancel_request")}
          </span>
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={approved ? t("leave_title") : t("cancel_title")}
        confirmLabel={approved ? t("leave") : t("withdraw_request")}
        cancelLabel={approved ? undefined : t("keep_request")}
        danger
        busy={leave.isPending}
        onConfirm={onLeave}
        onCancel={() => setConfirming(false)}
      >
        {t("leave_text", { name: tournament.name })}
      </ConfirmDialog>
    </div>
  );
}
