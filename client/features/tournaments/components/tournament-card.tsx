import { Link } from "@tanstack/react-router";
import { Eye, MoreVertical, Trophy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useMenu } from "../../../components/use-menu.ts";
import { useSession } from "../../../data/session.ts";
import { openReportModal, toast } from "../../../lib/ui.ts";
import { useDeleteTournament } from "../api/mutations.ts";
import type { TournamentSummary } from "../api/types.ts";
import { padCount, timeSince } from "../lib/format.ts";
import "../../../styles/tournaments.css";
import "../../../i18n/screens/tournaments-ui.ts";

/** A tournament in a grid: poster, title, organiser, kind in red, views and age; a menu with Report and Delete. */
export function TournamentCard({ tournament, to = "public" }: { tournament: TournamentSummary; to?: "public" | "dashboard" }) {
  const { t, i18n } = useTranslation("tournaments-ui");
  const { user } = useSession();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteTournament();
  const canDelete = Boolean(user && (user.id === tournament.adminId || user.role === "admin"));

  const menu = useMenu();

  const onDelete = () =>
    remove.mutate(tournament.id, {
      // The spec's delete message is error-styled; kept so.
      onSuccess: (answer) => {
        setConfirming(false);
        toast.error(answer.message);
      },
      onError: (error) => toast.error(error.message),
    });

  const link = to === "dashboard" ? { to: "/dashboard/$id" as const, params: { id: tournament.id } } : { to: "/tournament/$id" as const, params: { id: tournament.id } };
  return (
    <article className="t-card">
      <Link {...link} className="t-card-media" aria-label={tournament.name} tabIndex={-1}>
        {tournament.PosterImg ? <img src={tournament.PosterImg} alt="" loading="lazy" /> : <Trophy size={40} aria-hidden />}
      </Link>
      <div className="t-card-body">
        <div className="t-card-head">
          <h3 className="t-card-title">
            <Link {...link}>{tournament.name}</Link>
          </h3>
          {to === "public" ? (
            <div className="menu" ref={menu.box}>
              <button ref={menu.button} type="button" className="icon-btn" aria-label={t("card_menu")} aria-haspopup="menu" aria-expanded={menu.open} onClick={menu.toggle}>
                <MoreVertical size={18} aria-hidden />
              </button>
              {menu.open ? (
                <div className="menu-list t-card-menu" role="menu" aria-label={t("card_menu")} onKeyDown={menu.onMenuKey}>
                  <button
                    type="button"
                    role="menuitem"
                    className="menu-item"
                    onClick={() => {
                      // Focus back on the button first: the dialog gives it back there when it closes.
                      menu.close(true);
                      openReportModal({ targetType: "tournament", targetId: tournament.id, label: tournament.name });
                    }}
                  >
                    {t("report")}
                  </button>
                  {canDelete ? (
                    <button
                      type="button"
                      role="menuitem"
                      className="menu-item t-danger"
                      onClick={() => {
                        menu.close(true);
                        setConfirming(true);
                      }}
                    >
                      {t("delete")}
                    </button>
                  ) : null}
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
        {tournament.admin ? (
          <div className="t-card-admin">
            <Avatar name={tournament.admin.username} image={tournament.admin.avatar} size={24} />
            <span>{tournament.admin.username}</span>
          </div>
        ) : null}
        <div className="t-card-kind">
          {t(`format_${tournament.structure}`)}
          {tournament.gameName ? <span className="muted"> · {tournament.gameName}</span> : null}
        </div>
        <div className="t-card-meta muted small">
          <span>
            <Eye size={14} aria-hidden /> {t("views", { count: tournament.viewCount })}
          </span>
          <span>·</span>
          <span>{timeSince(tournament.createdAt, i18n.language)}</span>
          <span>·</span>
          <span className="tabular">
            {padCount(tournament.numberOfPlayers)}/{tournament.size}
          </span>
        </div>
      </div>
      <ConfirmDialog open={confirming} title={t("delete_tournament_title")} confirmLabel={t("delete")} danger busy={remove.isPending} onConfirm={onDelete} onCancel={() => setConfirming(false)}>
        {t("delete_tournament_text", { name: tournament.name })}
      </ConfirmDialog>
    </article>
  );
}
