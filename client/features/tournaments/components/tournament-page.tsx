import { Download, LayoutList, Network, Printer } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { EmbedShareButton } from "../../../components/embeds/embed-share.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/ui.ts";
import { CONFIG_ERROR, useRounds, useStandings, useTournamentPage } from "../api/queries.ts";
import { hasBracket, splitBracket, type TournamentPage as Page } from "../api/types.ts";
import { useTournamentEvents } from "../api/use-tournament-events.ts";
import { defaultSwissRounds } from "../../../../shared/tournaments.ts";
import { formatDate } from "../lib/format.ts";
import type { TournamentTab as Tab } from "../lib/tabs.ts";
import { BracketView } from "./bracket-view.tsx";
import { DoubleBracket } from "./double-bracket.tsx";
import { JoinControl } from "./join-control.tsx";
import { WaitlistPanel } from "../../../components/waitlist/waitlist-panel.tsx";
import { CheckInControl } from "./checkin-control.tsx";
import { LiveNow } from "./live-now.tsx";
import { RoundList } from "./round-list.tsx";
import { StandingsTable } from "./standings-table.tsx";
import { StationsPanel } from "./stations-panel.tsx";
import { SwissView } from "./swiss-view.tsx";
import "../../../styles/tournaments.css";
import { BracketScroll } from "./bracket-scroll.tsx";
import "../../../i18n/screens/tournaments-ui.ts";
import "../../../i18n/screens/errors.ts";

/** Spec 02 §8's load texts: not found (404), unauthorized (401), a setup that does not answer as the API, else the generic one. */
function loadFailure(error: Error, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 404) return t("errors:tournament_not_found");
  if (error instanceof ApiError && error.status === 401) return t("errors:unauthorized");
  if (error instanceof ApiError && error.code === CONFIG_ERROR) return t("config_error");
  return t("load_failed");
}

/** `below`: what the route composes under the "Live now" strip (the match replays, another feature's cards). */
export function TournamentScreen({ id, tab, onTabChange: setTab, below }: { id: number; tab: Tab; onTabChange: (tab: Tab) => void; below?: ReactNode }) {
  const { t } = useTranslation("tournaments-ui");
  useTournamentEvents(id);
  const page = useTournamentPage(id);
  const failure = page.isError ? loadFailure(page.error, t) : null;
  // Spec 02 §8: each failed load is toasted once; the same words stay on the page with a Retry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: errorUpdatedAt tells a new failure from the last one when their words are the same.
  useEffect(() => {
    if (failure) toast.error(failure);
  }, [failure, page.errorUpdatedAt]);

  if (page.data === undefined)
    return (
      <main className="page">
        <QueryState page query={page} loadingText={t("loading_tournament")} pending={<Skeleton height={200} />} failure={(error) => loadFailure(error, t)} />
      </main>
    );
  const tournament = page.data;
  const tabs: { id: Tab; label: string }[] = [
    { id: "about", label: t("tab_about") },
    { id: "summary", label: t("tab_summary") },
    { id: "brackets", label: tournament.structure === "robin" ? t("tab_standing") : t("tab_brackets") },
    { id: "rules", label: t("tab_rules") },
  ];
  const print = () => {
    setTab("brackets");
    // Let the bracket draw before the print dialog takes its picture.
    setTimeout(() => window.print(), 150);
  };

  return (
    <main className="page t-page">
      <header className="t-cover" style={tournament.coverImg ? { backgroundImage: `url(${tournament.coverImg})` } : undefined}>
        <div className="t-cover-shade">
          <div>
            <div className="t-card-kind">{t(`format_${tournament.structure}`)}</div>
            <h1>{tournament.name}</h1>
            <div className="row muted small">
              {tournament.gameName ? <span>{tournament.gameName}</span> : null}
              <Badge tone={tournament.isFinished ? "neutral" : tournament.isActive ? "success" : "warning"}>
                {tournament.isFinished ? t("status_finished") : tournament.isActive ? t("status_started") : t("status_pending")}
              </Badge>
              <span className="tabular">{t("players_count", { players: tournament.numberOfPlayers, size: tournament.size })}</span>
            </div>
          </div>
          <div className="row t-cover-actions">
            <EmbedShareButton targets={[{ kind: "tournament", key: tournament.id, title: tournament.name }]} />
            <JoinControl tournament={tournament} />
          </div>
        </div>
      </header>
      <CheckInControl tournament={tournament} />
      <LiveNow tournamentId={tournament.id} />
      {tournament.isActive || tournament.isFinished ? null : <WaitlistPanel place={{ kind: "tournament", id: tournament.id }} />}
      {below}
      <Tabs tabs={tabs} value={tab} onChange={setTab} label={t("tournament_sections")} />
      <div className="t-panel" role="tabpanel" aria-label={tabs.find((x) => x.id === tab)!.label}>
        {tab === "about" ? <About tournament={tournament} /> : null}
        {tab === "summary" ? <Summary tournament={tournament} onPrint={print} /> : null}
        {tab === "brackets" ? <Brackets tournament={tournament} /> : null}
        {tab === "rules" ? <div className="t-text">{tournament.rules?.trim() ? tournament.rules : <p className="muted">{t("no_rules")}</p>}</div> : null}
      </div>
    </main>
  );
}

function About({ tournament }: { tournament: Page }) {
  const { t } = useTranslation("tournaments-ui");
  return (
    <div className="t-about">
      <div className="t-about-text">
        <section className="t-note" aria-label={t("attention_note")}>
          <h2>{t("attention_note")}</h2>
          <p className="t-text">{tournament.attentionNote?.trim() || t("nothing_yet")}</p>
        </section>
        <section>
          <h2>{t("how_it_works")}</h2>
          <p className="t-text">{tournament.howItWorks?.trim() || t("nothing_yet")}</p>
        </section>
        <dl className="t-facts">
          <dt>{t("game_mode")}</dt>
          <dd>{tournament.gameMode || "—"}</dd>
          <dt>{t("game")}</dt>
          <dd>{tournament.gameName || "—"}</dd>
          <dt>{t("prize")}</dt>
          <dd>{tournament.prize || "—"}</dd>
        </dl>
      </div>
      {tournament.PosterImg ? <img className="t-poster" src={tournament.PosterImg} alt={t("poster_of", { name: tournament.name })} /> : null}
    </div>
  );
}

function Summary({ tournament, onPrint }: { tournament: Page; onPrint: () => void }) {
  const { t, i18n } = useTranslation("tournaments-ui");
  const status = tournament.isFinished ? t("status_finished") : tournament.isActive ? t("status_started") : t("status_pending");
  return (
    <div>
      <dl className="t-facts t-facts-wide">
        <dt>{t("start_date")}</dt>
        <dd>{formatDate(tournament.startDate, i18n.language, tournament.timezone)}</dd>
        <dt>{t("end_date")}</dt>
        <dd>{formatDate(tournament.endDate, i18n.language, tournament.timezone)}</dd>
        <dt>{t("timezone")}</dt>
        <dd>{tournament.timezone}</dd>
        <dt>{t("size")}</dt>
        <dd className="tabular">{tournament.size}</dd>
        <dt>{t("players")}</dt>
        <dd className="tabular">{tournament.numberOfPlayers}</dd>
        {tournament.structure === "swiss" ? (
          <>
            <dt>{t("swiss_rounds")}</dt>
            <dd className="tabular">{tournament.swissRounds ?? t("swiss_rounds_default", { count: defaultSwissRounds(tournament.size) })}</dd>
            <dt>{t("top_cut")}</dt>
            <dd>{tournament.topCut ? t("top_cut_n", { n: tournament.topCut }) : t("top_cut_none")}</dd>
          </>
        ) : null}
        <dt>{t("organiser")}</dt>
        <dd>
          {tournament.admin ? (
            <span className="t-card-admin">
              <Avatar name={tournament.admin.username} image={tournament.admin.avatar} size={24} /> {tournament.admin.username}
            </span>
          ) : (
            "—"
          )}
        </dd>
        <dt>{t("status")}</dt>
        <dd>{status}</dd>
      </dl>
      <div className="row t-actions">
        {tournament.isAdmin ? (
          <a className="btn btn-secondary" href={`/api/tournament/export/${tournament.id}`} download={`tournament-${tournament.id}.json`}>
            <Download size={16} aria-hidden /> {t("export_json")}
          </a>
        ) : null}
        <Button variant="secondary" icon={<Printer size={16} aria-hidden />} onClick={onPrint}>
          {t("print_bracket")}
        </Button>
      </div>
    </div>
  );
}

function Brackets({ tournament }: { tournament: Page }) {
  const { t } = useTranslation("tournaments-ui");
  const rounds = useRounds(tournament.id);
  const robin = tournament.structure === "robin";
  const standings = useStandings(tournament.id, robin && tournament.isActive);
  const [layout, setLayout] = useState<"bracket" | "list">("bracket");
  if (rounds.data === undefined) return <QueryState query={rounds} pending={<Skeleton height={240} />} />;
  // Stations may be declared before the start: the organiser sets up the hall while players join.
  if (!hasBracket(rounds.data.data))
    return (
      <>
        {tournament.isAdmin ? <StationsPanel tournamentId={tournament.id} seeds={[]} /> : null}
        <EmptyState icon={<Network size={40} aria-hidden />} title={t("brackets_later")} />
      </>
    );
  const { winners, losers } = splitBracket(rounds.data.data);
  const common = { tournamentId: tournament.id, structure: tournament.structure, isAdmin: tournament.isAdmin };
  return (
    <div className="t-brackets">
      <div className="row t-brackets-bar no-print">
        {robin || tournament.structure === "swiss" ? null : (
          <div className="segmented" role="group" aria-label={t("layout")}>
            <button type="button" aria-pressed={layout === "bracket"} onClick={() => setLayout("bracket")}>
              <Network size={16} aria-hidden /> {t("layout_bracket")}
            </button>
            <button type="button" aria-pressed={layout === "list"} onClick={() => setLayout("list")}>
              <LayoutList size={16} aria-hidden /> {t("layout_list")}
            </button>
          </div>
        )}
      </div>
      {tournament.isAdmin ? <StationsPanel tournamentId={tournament.id} seeds={[...winners, ...losers].flatMap((round) => round.seeds)} /> : null}
      <div className="print-area">
        <h2 className="print-only">{tournament.name}</h2>
        {tournament.structure === "swiss" ? (
          <SwissView rounds={winners} tournamentId={tournament.id} isAdmin={tournament.isAdmin} />
        ) : robin ? (
          <>
            {/* The standings are read while the round robin runs: with the query off there is nothing to wait for. */}
            {tournament.isActive || standings.data ? (
              <QueryState query={standings} pending={<Skeleton height={160} />}>
                {(rows) => <StandingsTable rows={rows} finished={tournament.isFinished} />}
              </QueryState>
            ) : (
              <Skeleton height={160} />
            )}
            <RoundList winners={winners} losers={[]} {...common} />
          </>
        ) : layout === "list" ? (
          <RoundList winners={winners} losers={losers} {...common} />
        ) : tournament.structure === "d_elim" ? (
          <DoubleBracket winners={winners} losers={losers} {...common} />
        ) : (
          <BracketScroll label={t("brackets")}>
            <BracketView rounds={winners} {...common} />
          </BracketScroll>
        )}
      </div>
    </div>
  );
}
