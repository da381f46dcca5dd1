import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { toast } from "../../../lib/ui.ts";
import { useApprovePlayer, useDeletePlayer } from "../api/mutations.ts";
import { usePlayers, useTournament } from "../api/queries.ts";
import type { Participant } from "../api/types.ts";
import { useTournamentEvents } from "../api/use-tournament-events.ts";
import { WaitlistManager } from "../../../components/waitlist/waitlist-manager.tsx";
import { CheckInDesk } from "./checkin-desk.tsx";
import "../../../styles/tournaments.css";
import "../../../i18n/screens/tournaments-ui.ts";

export function ParticipantsScreen({ id }: { id: number }) {
  const { t } = useTranslation("tournaments-ui");
  useTournamentEvents(id);
  const tournament = useTournament(id);
  const players = usePlayers(id);
  const approve = useApprovePlayer(id);
  const remove = useDeletePlayer(id);
  const [tab, setTab] = useState<"approved" | "pending">("approved");
  const [deleting, setDeleting] = useState<Participant | null>(null);
  const list = (players.data ?? []).filter((p) => p.status === tab);
  const approvedCount = (players.data ?? []).filter((p) => p.status === "approved").length;
  const pendingCount = (players.data ?? []).length - approvedCount;

  const onApprove = (player: Participant) => approve.mutate(player.id, { onSuccess: () => toast.success(t("player_approved")), onError: (error) => toast.error(error.message) });
  const onDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(t("player_deleted"));
      },
      onError: (error) => toast.error(error.message),
    });

  return (
    <main className="page">
      <header className="page-header">
        <div>
          <Link to="/dashboard/$id" params={{ id }} className="small">
            ← {tournament.data?.name ?? t("dashboard")}
          </Link>
          <h1>{t("participants")}</h1>
        </div>
        <p className="t-big tabular" role="img" aria-label={t("approved_of_size")}>
          {approvedCount} / {tournament.data?.size ?? "…"}
        </p>
      </header>
      {tournament.data && players.data ? <CheckInDesk tournament={tournament.data} players={players.data} /> : null}
      <Tabs
        tabs={[
          { id: "approved", label: `${t("tab_approved")} (${approvedCount})` },
          { id: "pending", label: `${t("tab_pending")} (${pendingCount})` },
        ]}
        value={tab}
        onChange={setTab}
        label={t("participants")}
      />
      <div role="tabpanel" className="t-panel">
        <QueryState query={players} pending={<Skeleton height={160} />}>
          {() =>
            list.length === 0 ? (
              <p className="muted t-empty">{t("no_participants")}</p>
            ) : (
              <div className="table-scroll table-scroll-cards">
                {/* On a phone each row becomes a card, its cells labelled: Rank and Action stay in reach. */}
                <table className="t-table t-table-cards">
                  <thead>
                    <tr>
                      <th scope="col">{t("first_name")}</th>
                      <th scope="col">{t("last_name")}</th>
                      <th scope="col">{t("username")}</th>
                      <th scope="col">{t("email")}</th>
                      <th scope="col">{t("rank")}</th>
                      <th scope="col">{t("action")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((player) => (
                      <tr key={player.id}>
                        <td data-label={t("first_name")}>{player.firstName || "—"}</td>
                        <td data-label={t("last_name")}>{player.lastName || "—"}</td>
                        <td data-label={t("username")}>{player.username}</td>
                        <td data-label={t("email")}>{player.email || "—"}</td>
                        <td data-label={t("rank")} className="tabular">
                          {player.rankLabel ?? <NoRank label={t("rank_none")} />}
                        </td>
                        <td data-label={t("action")}>
                          <div className="row">
                            {player.status === "pending" ? (
                              <Button
                                size="sm"
                                onClick={() => onApprove(player)}
                                busy={approve.isPending && approve.variables === player.id}
                                aria-label={t("approve_player", { name: player.username })}
                              >
                                {t("approve")}
                              </Button>
                            ) : null}
                            <Button size="sm" variant="danger" onClick={() => setDeleting(player)} aria-label={t("delete_player", { name: player.username })}>
                              {t("delete")}
                            </Button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </QueryState>
      </div>
      {tournament.data && !tournament.data.isActive && !tournament.data.isFinished ? <WaitlistManager place={{ kind: "tournament", id }} /> : null}
      <ConfirmDialog open={deleting !== null} title={t("delete_player_title")} confirmLabel={t("delete")} danger busy={remove.isPending} onConfirm={onDelete} onCancel={() => setDeleting(null)}>
        {t("delete_player_text", { name: deleting?.username ?? "" })}
      </ConfirmDialog>
    </main>
  );
}

/** A dash for the eye, words for a screen reader. */
function NoRank({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">{label}</span>
    </>
  );
}
