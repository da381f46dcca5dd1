import { CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { toast } from "../../../lib/ui.ts";
import { checkInPhase, useCheckIn } from "../api/checkin.ts";
import type { TournamentPage } from "../api/types.ts";
import { formatDate } from "../lib/format.ts";
import "../../../i18n/screens/tournaments-ui.ts";

/**
 * The tournament page's check-in line (issue 19): when the window opens and closes, and for an
 * approved entrant, a Check in button while it is open, then a Checked in mark.
 */
export function CheckInControl({ tournament }: { tournament: TournamentPage }) {
  const { t, i18n } = useTranslation("tournaments-ui");
  const checkIn = useCheckIn(tournament.id);
  const phase = checkInPhase(tournament);
  if (phase === "none" || tournament.isActive || tournament.isFinished) return null;
  const entrant = tournament.isJoined && tournament.userApproved;
  const when = (iso: string | null) => formatDate(iso, i18n.language, tournament.timezone);
  const onCheckIn = () => checkIn.mutate(undefined, { onSuccess: () => toast.success(t("checked_in_toast")), onError: (error) => toast.error(error.message) });
  return (
    <section className="checkin-line" aria-label={t("checkin")}>
      <p className="small">
        {phase === "upcoming" ? t("checkin_opens", { opens: when(tournament.checkInOpensAt), closes: when(tournament.checkInClosesAt) }) : null}
        {phase === "open" ? t("checkin_open_until", { closes: when(tournament.checkInClosesAt) }) : null}
        {phase === "closed" ? t("checkin_is_closed") : null}
      </p>
      {entrant && tournament.checkedIn ? (
        <Badge tone="success">
          <CircleCheck size={14} aria-hidden /> {t("checked_in")}
        </Badge>
      ) : null}
      {entrant && !tournament.checkedIn && phase === "open" ? (
        <Button onClick={onCheckIn} busy={checkIn.isPending}>
          {t("check_in")}
        </Button>
      ) : null}
    </section>
  );
}
