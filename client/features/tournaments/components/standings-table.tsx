import { Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import type { StandingRow } from "../api/types.ts";
import { type FigureColumn, RankedTable } from "./ranked-table.tsx";
import "../../../i18n/screens/tournaments-ui.ts";

const ROUND_ROBIN_COLUMNS: FigureColumn<StandingRow>[] = [
  { key: "mp", titled: true, cell: (row) => row.matchPlayed },
  { key: "w", titled: true, cell: (row) => row.won },
  { key: "l", titled: true, cell: (row) => row.loss },
  { key: "d", titled: true, cell: (row) => row.draw },
  { key: "pts", cell: (row) => <strong>{row.pts}</strong> },
];

/** Layout 3: the round-robin standings, best first; players nothing separates share a rank and say so. */
export function StandingsTable({ rows, finished }: { rows: StandingRow[]; finished: boolean }) {
  const { t } = useTranslation("tournaments-ui");
  return (
    // The brackets' grid, for the gap between the winners' card and the table.
    <div className="t-brackets">
      {finished ? <Winners leaders={rows.filter((row) => row.rank === 1)} /> : null}
      <RankedTable rows={rows} caption={t("standings")} playerHeading={t("col_teams")} columns={ROUND_ROBIN_COLUMNS} leads={(row) => row.rank === 1} />
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
