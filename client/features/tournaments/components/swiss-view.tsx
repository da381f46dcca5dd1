import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Badge } from "../../../components/badge.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useSwissTable } from "../api/queries.ts";
import type { Round } from "../api/types.ts";
import { isSwissRound, roundTitle } from "../lib/format.ts";
import { BracketScroll } from "./bracket-scroll.tsx";
import { BracketView } from "./bracket-view.tsx";
import { MatchCard } from "./match-card.tsx";
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

/** Best first; the players a top cut keeps are marked, and whoever nothing separates shares the rank. */
function SwissTable({ rows, cut }: { rows: Row[]; cut: number }) {
  const { t } = useTranslation("tournaments-ui");
  return (
    <div className="table-scroll">
      <table className="t-table standings-table swiss-table">
        <caption className="sr-only">{t("swiss_standings")}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t("col_player")}</th>
            <th scope="col" title={t("col_mp_title")}>
              {t("col_mp")}
            </th>
            <th scope="col" title={t("col_w_title")}>
              {t("col_w")}
            </th>
            <th scope="col" title={t("col_l_title")}>
              {t("col_l")}
            </th>
            <th scope="col" title={t("col_byes_title")}>
              {t("col_byes")}
            </th>
            <th scope="col" title={t("col_pts_title")}>
              {t("col_pts")}
            </th>
            <th scope="col" title={t("col_buchholz_title")}>
              {t("col_buchholz")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.playerID} className={cut > 0 && index < cut ? "leader" : undefined}>
              <td className="tabular">
                {row.rank}
                {row.shared ? (
                  <span className="standings-shared" title={t("shared_place_title")}>
                    {" "}
                    <Badge>{t("shared_place")}</Badge>
                  </span>
                ) : null}
              </td>
              <td>
                <span className="standings-team">
                  <Avatar name={row.name} image={row.flag} size={24} />
                  {row.name}
                </span>
              </td>
              <td className="tabular">{row.played}</td>
              <td className="tabular">{row.won}</td>
              <td className="tabular">{row.lost}</td>
              <td className="tabular">{row.byes}</td>
              <td className="tabular">
                <strong>{row.pts}</strong>
              </td>
              <td className="tabular">{row.buchholz}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
