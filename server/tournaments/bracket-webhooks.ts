import type { DbOrTransaction } from "../../db/index.ts";
import type { Tournament } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { announce } from "../webhooks/queue/queue.ts";
import { siteLink } from "../webhooks/queue/words.ts";
import { type BracketState, findMatch, isFinished, isPlaying, playerIdOf } from "./engine.ts";
import { playerInfos } from "./stations.ts";

// The bracket's webhook events (issue 36, item 1): matches started and ended, with their scores, and the end.

/**
 * A bracket change's matches that started or ended, and the tournament's end, in the change's transaction
 * (server/tournaments/commands.ts, changeBracket).
 */
export async function announceBracketChange(
  deps: AppDeps,
  trx: DbOrTransaction,
  tournament: Tournament,
  before: BracketState,
  after: BracketState,
  finished: boolean,
  championId: number | null,
): Promise<void> {
  const players = await playerInfos(trx as never, tournament.id);
  const nameOf = (participantId: number | null | undefined) => {
    const playerId = playerIdOf(after, participantId);
    return playerId === null ? "?" : (players.get(playerId)?.name ?? `#${playerId}`);
  };
  const subject = { tournamentId: tournament.id };
  const common = { tournament: tournament.name, tournamentId: tournament.id, url: siteLink(deps, `/tournament/${tournament.id}`) };
  const rounds = new Map((after.round as { id: number; number: number }[]).map((round) => [round.id, round.number]));
  for (const match of after.match as { id: number }[]) {
    const was = findMatch(before, match.id);
    const is = findMatch(after, match.id)!;
    const words = { ...common, matchId: match.id, round: rounds.get(is.round_id as number) ?? 0, player1: nameOf(is.opponent1?.id as number), player2: nameOf(is.opponent2?.id as number) };
    if (isPlaying(is) && !(was && isPlaying(was))) await announce(deps, trx, "tournament.match.started", subject, words);
    else if (isFinished(is) && was && !isFinished(was)) {
      const [score1, score2] = [is.opponent1?.score ?? 0, is.opponent2?.score ?? 0];
      const winner = score1 === score2 ? "" : score1 > score2 ? words.player1 : words.player2;
      await announce(deps, trx, "tournament.match.ended", subject, { ...words, score1, score2, winner });
    }
  }
  if (!finished) return;
  const champion = championId === null ? "" : (players.get(championId)?.name ?? "");
  await announce(deps, trx, "tournament.finished", subject, { ...common, champion });
}
