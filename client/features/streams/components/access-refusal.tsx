import { Link } from "@tanstack/react-router";
import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { openAuthModal } from "../../../lib/ui.ts";
import type { LiveAccess } from "../api/live-access.ts";
import "../../../i18n/screens/streams.ts";

/**
 * What someone kept out of a restricted live sees in place of the player (issue 18, item 4): why,
 * and the one step that lets them in: log in, buy a ticket of the event, or register for the tournament.
 */
export function AccessRefusal({ verdict }: { verdict: LiveAccess["watch"] }) {
  const { t } = useTranslation("streams");
  const { reason, event, tournament } = verdict;
  return (
    <div className="stream-stage-message access-refusal" role="alert">
      <Lock size={40} aria-hidden />
      <h2>{t(`access_title_${verdict.mode}`)}</h2>
      <p>{event ? t("access_why_ticket", { event: event.name }) : tournament ? t("access_why_entry", { tournament: tournament.name }) : t(`access_why_mode_${verdict.mode}`)}</p>
      {reason === "login" ? (
        <Button size="sm" onClick={() => openAuthModal("login")}>
          {t("access_log_in")}
        </Button>
      ) : null}
      {event ? (
        <Link to="/events/$slug" params={{ slug: event.slug }} className="btn btn-primary btn-sm">
          {t("access_buy_ticket")}
        </Link>
      ) : null}
      {tournament ? (
        <Link to="/tournament/$id" params={{ id: tournament.id }} className="btn btn-primary btn-sm">
          {t("access_register")}
        </Link>
      ) : null}
    </div>
  );
}
