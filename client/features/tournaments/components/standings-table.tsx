import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import type { StandingRow } from "../api/types.ts";

/** Layout 3: the round-robin standings, best first. */
export function StandingsTable({ rows }: { rows: StandingRow[] }) {
  const { t } = useTranslation("tournaments-ui");
  return (
    <div className="table-scroll">
      <table className="t-table standings-table">
        <caption className="sr-only">{t("standings")}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t("col_teams")}</th>
            <th scope="col" title={t("col_mp_title")}>{t("col_mp")}</th>
            <th scope="col" title={t("col_w_title")}>{t("col_w")}</th>
            <th scope="col" title={t("col_l_title")}>{t("col_l")}</th>
            <th scope="col" title={t("col_d_title")}>{t("col_d")}</th>
            <th scope="col">{t("col_pts")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.playerID}>
              <td className="tabular">{row.rank}</td>
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
  );
}
