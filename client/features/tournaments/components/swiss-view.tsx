import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useSwissTable } from "../api/queries.ts";
import type { Round } from "../api/types.ts";
import { isSwissRound, roundTitle } from "../lib/format.ts";
import { BracketScroll } from "./bracket-scroll.tsx";
import { BracketView } from "./bracket-view.tsx";
import { CutTiePanel } from "./cut-tie.tsx";
import { MatchCard } from "./match-card.tsx";
import { type FigureColumn, RankedTable } from "./ranked-table.tsx";
import "../../../i18n/screens/tournaments-ui.ts";

/**
 * A Swiss tournament (issue 19): where it stands, a tie on the top cut's line waiting for the
 * organiser (issue 34, item 5), the table (points, Buchholz, what settled each tie), the rounds drawn
 * so far, then the top cut's bracket once the Swiss rounds are over.
 */
export function SwissView({ rounds, tournamentId, isAdmin }: { rounds: Round[]; tournamentId: number; isAdmin: boolean }) {
  const { t } = useTranslation("tournaments-ui");
  const table = useSwissTable(tournamentId);
  const swissRounds = rounds.filter((round) => isSwissRound(round.title));
  const cut = rounds.filter((round) => !isSwissRound(round.title));
  const common = { tournamentId, structure: "swiss" as const, isAdmin };
  return (
    <div className="t-brackets swiss-view">
      {table.data ? (
        <p className="muted" role="status">
          {t("swiss_progress", { played: table.data.roundsPlayed, total: table.data.rounds })}
          {table.data.topCut ? ` · ${t("top_cut_n", { n: table.data.topCut })}` : ""}
        </p>
      ) : null}
      {table.data?.cutTie ? <CutTiePanel tie={table.data.cutTie} topCut={table.data.topCut} tournamentId={tournamentId} isAdmin={isAdmin} /> : null}
      {cut.length > 0 ? (
        <section aria-labelledby="swiss-cut-title">
          <h3 id="swiss-cut-title">{t("top_cut")}</h3>
          <BracketScroll label={t("top_cut_bracket")}>
            <BracketView rounds={cut} {...common} />
          </BracketScroll>
        </section>
      ) : null}
      <section aria-labelledby="swiss-table-title">
        <h3 id="swiss-table-title">{t("swiss_standings")}</h3>
        <QueryState query={table} pending={<Skeleton height={160} />}>
          {(data) => <SwissTable rows={data.rows} cut={data.topCut} undecided={data.cutTie?.players.map((p) => p.playerID) ?? []} />}
        </QueryState>
      </section>
      {/* The round being played first: it is the one the desk works on. */}
      <div className="round-list">
        {[...swissRounds].reverse().map((round) => (
          <section key={round.title} className="round-list-round" aria-label={roundTitle(round.title, t)}>
            <h3 className="round-list-heading">{roundTitle(round.title, t)}</h3>
            <div className="round-list-grid">
              {round.seeds.map((seed) => (
                <MatchCard key={seed.id} seed={seed} {...common} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

type Row = NonNullable<ReturnType<typeof useSwissTable>["data"]>["rows"][number];

const SWISS_COLUMNS: FigureColumn<Row>[] = [
  { key: "mp", titled: true, cell: (row) => row.played },
  { key: "w", titled: true, cell: (row) => row.won },
  { key: "l", titled: true, cell: (row) => row.lost },
  { key: "byes", titled: true, cell: (row) => row.byes },
  { key: "pts", titled: true, cell: (row) => <strong>{row.pts}</strong> },
  { key: "buchholz", titled: true, cell: (row) => row.buchholz },
  { key: "tiebreak", titled: true, cell: (row) => <TieBreak row={row} /> },
];

/** What set the row's place apart from those level on points with it: a name, with its figure when the table has no column for it. */
function TieBreak({ row }: { row: Row }) {
  const { t } = useTranslation("tournaments-ui");
  // Level with others on everything: the "shared" badge says it; a dash here.
  if (!row.tieBreak) return row.shared ? <span className="muted">—</span> : <span className="muted">{t("tiebreak_points")}</span>;
  const figure = { sonneborn_berger: row.sonnebornBerger, opponents_buchholz: row.opponentsBuchholz }[row.tieBreak as string];
  return <span className="swiss-tiebreak">{t(`tiebreak_${row.tieBreak}`, { value: figure })}</span>;
}

/**
 * Best first; the players a top cut keeps are marked (not those of a tie on its line, until the
 * organiser decides), and whoever nothing separates shares the rank.
 */
function SwissTable({ rows, cut, undecided }: { rows: Row[]; cut: number; undecided: number[] }) {
  const { t } = useTranslation("tournaments-ui");
  const kept = (row: Row, index: number) => cut > 0 && index < cut && !undecided.includes(row.playerID);
  return <RankedTable rows={rows} caption={t("swiss_standings")} playerHeading={t("col_player")} columns={SWISS_COLUMNS} leads={kept} className="swiss-table" />;
}
