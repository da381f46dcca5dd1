import { Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Badge } from "../../../components/badge.tsx";
import type { StandingRow } from "../api/types.ts";
import "../../../i18n/screens/tournaments-ui.ts";

/** Layout 3: the round-robin standings, best first; players nothing separates share a rank and say so. */
export function StandingsTable({ rows, finished }: { rows: StandingRow[]; finished: boolean }) {
  const { t } = useTranslation("tournaments-ui");
  return (
    // The brackets' grid, for the gap between the winners' card and the table.
    <div className="t-brackets">
      {finished ? <Winners leaders={rows.filter((row) => row.rank === 1)} /> : null}
      <div className="table-scroll">
        <table className="t-table standings-table">
          <caption className="sr-only">{t("standings")}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t("col_teams")}</th>
              <th scope="col" title={t("col_mp_title")}>
                {t("col_mp")}
              </th>
              <th scope="col" title={t("col_w_title")}>
                {t("col_w")}
              </th>
              <th scope="col" title={t("col_l_title")}>
                {t("col_l")}
              </th>
              <th scope="col" title={t("col_d_title")}>
                {t("col_d")}
              </th>
              <th scope="col">{t("col_pts")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.playerID} className={row.rank === 1 ? "leader" : undefined}>
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
                <td className="tabular">{row.matchPlayed}</td>
                <td className="tabular">{row.won}</td>
                <td className="tabular">{row.loss}</td>
                <td className="tabular">{row.draw}</td>
                <td className="tabular">
                  <strong>{row.pts}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A finished round robin's first place: its champion, or the players sharing it (then there is no champion). */
function Winners({ leaders }: { leaders: StandingRow[] }) {
  const { t, i18n } = useTranslation("tournaments-ui");
  const [first] = leaders;
  if (!first) return null;
  const shared = leaders.length > 1;
  const names = new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(leaders.map((row) => row.name));
  return (
    <div className="champion-card standings-winners" role="status">
      <Trophy size={28} aria-hidden className="champion-icon" />
      {shared ? null : <Avatar name={first.name} image={first.flag} size={40} />}
      <div>
        <div className="muted small">{shared ? t("champion_shared") : t("champion")}</div>
        <strong className="champion-name">{shared ? t("champion_shared_text", { names }) : first.name}</strong>
      </div>
    </div>
  );
}
