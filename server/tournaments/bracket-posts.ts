import type { DbOrTransaction } from "../../db/index.ts";
import type { Tournament } from "../../db/types.ts";
import { publishPost } from "../federation/posts/publish.ts";
import { postText } from "../federation/posts/texts.ts";
import type { AppDeps } from "../http/context.ts";
import { type BracketState, findMatch, isFinished, playerIdOf } from "./engine.ts";
import { playerInfos, type StationSnapshot } from "./stations.ts";

// A tournament's posts (issue 38, item 3): its start, the result of each match played on a streamed station, and its
// champion, each in the transaction of the change that made it, beside its webhook events
// (./bracket-webhooks.ts). A match off stream is not posted: a bracket of 64 would flood timelines.

type PostDeps = Pick<AppDeps, "db" | "config" | "now">;

const actorOf = (tournament: Pick<Tournament, "id">) => ({ type: "tournament" as const, id: tournament.id });
const pageOf = (tournament: Pick<Tournament, "id">) => `/tournament/${tournament.id}`;

/** The tournament has started; returns whether a post was made. */
export function postTournamentStarted(deps: PostDeps, trx: DbOrTransaction, tournament: Pick<Tournament, "id" | "name">): Promise<boolean> {
  return publishPost(deps, trx, actorOf(tournament), {
    kind: "tournament_started",
    subject: "started",
    lines: [postText("tournament_started", { tournament: tournament.name })],
    page: pageOf(tournament),
    image: null,
  });
}

/**
 * What a bracket change finished: the streamed matches' results (`stations` as they were before the change, when the
 * match was still at its station), then the champion when the tournament is over. Returns whether a post was made.
 */
export async function postBracketChange(
  deps: PostDeps,
  trx: DbOrTransaction,
  tournament: Pick<Tournament, "id" | "name">,
  change: { before: BracketState; after: BracketState; stations: StationSnapshot; finished: boolean; championId: number | null },
): Promise<boolean> {
  const streamed = new Map(change.stations.filter((station) => station.streamer_id !== null && station.match_id !== null).map((station) => [station.match_id!, station.streamer_id!]));
  const ended = (change.after.match as { id: number }[])
    .map((match) => findMatch(change.after, match.id)!)
    .filter((match) => isFinished(match) && streamed.has(match.id as number) && !isFinished(findMatch(change.before, match.id as number) ?? match));
  if (ended.length === 0 && !change.finished) return false;
  const players = await playerInfos(trx as never, tournament.id);
  const nameOf = (participantId: unknown) => {
    const playerId = playerIdOf(change.after, participantId as number | undefined);
    return playerId === null ? "?" : (players.get(playerId)?.name ?? `#${playerId}`);
  };
  const rounds = new Map((change.after.round as { id: number; number: number }[]).map((round) => [round.id, round.number]));
  let posted = false;
  for (const match of ended) {
    const streamer = await trx
      .selectFrom("user")
      .select("username")
      .where("id", "=", streamed.get(match.id as number)!)
      .executeTakeFirst();
    const words = {
      tournament: tournament.name,
      round: rounds.get(match.round_id as number) ?? 0,
      player1: nameOf(match.opponent1?.id),
      player2: nameOf(match.opponent2?.id),
      score1: match.opponent1?.score ?? 0,
      score2: match.opponent2?.score ?? 0,
      channel: streamer?.username ?? "",
    };
    const result = { kind: "match_result" as const, subject: `match-${match.id}`, lines: [postText("match_result", words)], page: pageOf(tournament), image: null };
    posted = (await publishPost(deps, trx, actorOf(tournament), result)) || posted;
  }
  if (!change.finished) return posted;
  const champion = change.championId === null ? undefined : players.get(change.championId)?.name;
  const line = champion ? postText("tournament_champion", { champion, tournament: tournament.name }) : postText("tournament_over", { tournament: tournament.name });
  return (await publishPost(deps, trx, actorOf(tournament), { kind: "tournament_champion", subject: "finished", lines: [line], page: pageOf(tournament), image: null })) || posted;
}
