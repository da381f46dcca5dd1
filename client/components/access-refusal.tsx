import { Link } from "@tanstack/react-router";
import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { VerdictSchema } from "../../server/restricted/schemas.ts";
import { openAuthModal } from "../lib/ui.ts";
import { Button } from "./button.tsx";
import "../i18n/screens/streams.ts";

/**
 * What someone kept out of a restricted live, or of its replay, sees in place of the player (issue 18,
 * item 4): why, and the one step that lets them in: log in, buy a ticket of the event, or register for the tournament.
 * In an embed (`instead`) that step is taken on the site: the embed hands in its link to the site in their place.
 */
export function AccessRefusal({ verdict, replay = false, instead }: { verdict: z.infer<typeof VerdictSchema>; replay?: boolean; instead?: ReactNode }) {
  const { t } = useTranslation("streams");
  const { reason, event, tournament } = verdict;
  return (
    <div className="stream-stage-message access-refusal" role="alert">
      <Lock size={40} aria-hidden />
      <h2>{t(`access_title_${verdict.mode}`)}</h2>
      <p>
        {replay
          ? t(`access_replay_why_${verdict.mode}`)
          : event
            ? t("access_why_ticket", { event: event.name })
            : tournament
              ? t("access_why_entry", { tournament: tournament.name })
              : t(`access_why_mode_${verdict.mode}`)}
      </p>
      {instead}
      {!instead && reason === "login" ? (
        <Button size="sm" onClick={() => openAuthModal("login")}>
          {t("access_log_in")}
        </Button>
      ) : null}
      {!instead && event ? (
        <Link to="/events/$slug" params={{ slug: event.slug }} className="btn btn-primary btn-sm">
          {t("access_buy_ticket")}
        </Link>
      ) : null}
      {!instead && tournament ? (
        <Link to="/tournament/$id" params={{ id: tournament.id }} className="btn btn-primary btn-sm">
          {t("access_register")}
        </Link>
      ) : null}
    </div>
  );
}
