import type { Tournament } from "../../db/types.ts";
import type { AlertFor } from "../overlays/alerts/alerts.ts";
import { type BracketState, findMatch, isFinished, playerIdOf } from "./engine.ts";
import type { Db } from "./records.ts";
import type { StationSnapshot } from "./stations.ts";
import { playerInfos } from "./stations.ts";

// The OBS overlays' "match won" alert (issue 36, item 4): made in the bracket change's transaction, shown once it
// is committed (server/tournaments/commands.ts, changeBracket).

/**
 * One alert per match this change finished: on the winner's overlays, and on those of the channel whose station it
 * was played at (a caster's scene). A match without a winner (a draw of a round robin or a Swiss) alerts no one.
 */
export async function matchWonAlerts(trx: Db, tournament: Pick<Tournament, "id" | "name">, before: BracketState, after: BracketState, stations: StationSnapshot): Promise<AlertFor[]> {
  const ended = (after.match as { id: number }[]).map((match) => findMatch(after, match.id)!).filter((match) => isFinished(match) && !isFinished(findMatch(before, match.id as number) ?? match));
  if (ended.length === 0) return [];
  const players = await playerInfos(trx, tournament.id);
  const alerts: AlertFor[] = [];
  for (const match of ended) {
    const [one, two] = [match.opponent1, match.opponent2];
    const [score1, score2] = [one?.score ?? 0, two?.score ?? 0];
    if (score1 === score2) continue;
    const [winner, loser] = score1 > score2 ? [one, two] : [two, one];
    const winnerId = playerIdOf(after, winner?.id as number | undefined);
    if (winnerId === null) continue;
    const alert = {
      kind: "match_won" as const,
      name: players.get(winnerId)?.name ?? "",
      detail: tournament.name,
      score: `${winner?.score ?? 0} – ${loser?.score ?? 0}`,
      count: 0,
    };
    const streamer = stations.find((station) => station.match_id === match.id)?.streamer_id ?? null;
    for (const userId of new Set([winnerId, ...(streamer === null ? [] : [streamer])])) alerts.push({ userId, alert });
  }
  return alerts;
}
