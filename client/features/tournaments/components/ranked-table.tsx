import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Badge } from "../../../components/badge.tsx";
import "../../../i18n/screens/tournaments-ui.ts";

/** What every standings row has: a rank (shared when nothing separates players) and who. */
interface RankedRow {
  playerID: number;
  rank: number;
  shared: boolean;
  name: string;
  flag: string | null;
}

/** A figure column: its heading key in tournaments-ui (`col_<key>`, with `col_<key>_title` as the tooltip when `titled`), and its cell. */
export interface FigureColumn<Row> {
  key: string;
  titled?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * The standings of a round robin or of Swiss rounds: rank, player, then the format's own figures.
 * `leads` says which rows are marked (the round robin's first place, the players a Swiss cut keeps).
 */
export function RankedTable<Row extends RankedRow>(props: {
  rows: Row[];
  caption: string;
  playerHeading: string;
  columns: FigureColumn<Row>[];
  leads: (row: Row, index: number) => boolean;
  className?: string;
}) {
  const { t } = useTranslation("tournaments-ui");
  return (
    <div className="table-scroll">
      <table className={["t-table standings-table", props.className].filter(Boolean).join(" ")}>
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{props.playerHeading}</th>
            {props.columns.map((column) => (
              <th key={column.key} scope="col" title={column.titled ? t(`col_${column.key}_title`) : undefined}>
                {t(`col_${column.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, index) => (
            <tr key={row.playerID} className={props.leads(row, index) ? "leader" : undefined}>
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
              {props.columns.map((column) => (
                <td key={column.key} className="tabular">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
