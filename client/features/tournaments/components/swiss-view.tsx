import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useSwissTable } from "../api/queries.ts";
import type { Round } from "../api/types.ts";
import { isSwissRound, roundTitle } from "../lib/format.ts";
import { BracketScroll } from "./bracket-scroll.tsx";
import { BracketView } from "./bracket-view.tsx";
import { MatchCard } from "./match-card.tsx";
import { type FigureColumn, RankedTable } from "./ranked-table.tsx";
import "../../../i18n/screens/tournaments-ui.ts";

/**
 * A Swiss tournament (issue 19): where it stands, the table (points, Buchholz), the rounds drawn so
 * far, then the top cut's bracket once the Swiss rounds are over.
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
        {table.data ? <SwissTable rows={table.data.rows} cut={table.data.topCut} /> : <Skeleton height={160} />}
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
];

/** Best first; the players a top cut keeps are marked, and whoever nothing separates shares the rank. */
function SwissTable({ rows, cut }: { rows: Row[]; cut: number }) {
  const { t } = useTranslation("tournaments-ui");
  return <RankedTable rows={rows} caption={t("swiss_standings")} playerHeading={t("col_player")} columns={SWISS_COLUMNS} leads={(_, index) => cut > 0 && index < cut} className="swiss-table" />;
}
