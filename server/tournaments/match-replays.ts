import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { cutRecording } from "../../media/clip.ts";
import { recordingParts } from "../../media/live-outputs.ts";
import { runInBackground } from "../http/background.ts";
import type { AppDeps } from "../http/context.ts";
import { defaultLanguage, type Language, translate } from "../i18n/messages.ts";
import { RECONNECT_GRACE_MS } from "../live/sessions.ts";
import { recordedOffset, recordingGaps, recordingStoppedAt } from "../live/recording-gaps.ts";
import { recordingDirOf } from "../replays/finalise.ts";
import { fold } from "../../shared/fold.ts";
import { findMatch, isFinished, isPlaying, playerIdOf, type Structure } from "./engine.ts";
import { bracketOf, type Db } from "./records.ts";
import { roundTitleOfMatch } from "./rounds.ts";
import type { MatchReplayRef } from "./schemas.ts";
import type { Moment } from "./stations.ts";

// Match replays (issue 18, item 3): a streamed match, once over, is cut out of its channel's recording
// and becomes a replay of its own, titled after the match and linked to its tournament. The bracket's
// JSON has no clock, so each match's start and end are written (tournament_match) in the transaction
// of the change that started or ended it; the cut runs after the commit, in the background.

/** Taken before the match's start and after its end: a cut on keyframes, and the handshake and the last words. */
export const MATCH_MARGIN_MS = 3000;
/** What the recording's writer may still hold in its buffers when the cut begins. */
const WRITER_FLUSH_MS = 1500;

interface EndedMatch {
  tournamentId: number;
  matchId: number;
}

/**
 * Writes the clock of the matches a bracket change started or ended, in its transaction. A match
 * started again (the organiser restarts it) starts its clock again. Returns the matches that ended
 * on a streamed station: those get a replay once the change is committed.
 */
export async function recordMatchTimes(trx: Db, tournamentId: number, before: Moment, after: Moment, now: number): Promise<EndedMatch[]> {
  if (!after.state) return [];
  const ended: EndedMatch[] = [];
  for (const match of after.state.match as { id: number }[]) {
    const was = before.state ? findMatch(before.state, match.id) : undefined;
    const is = findMatch(after.state, match.id)!;
    const station = after.stations.find((s) => s.match_id === match.id) ?? before.stations.find((s) => s.match_id === match.id);
    if (isPlaying(is) && !(was && isPlaying(was))) {
      const clock = { started_at: now, ended_at: null, streamer_id: station?.streamer_id ?? null, station_name: station?.name ?? null };
      await trx
        .insertInto("tournament_match")
        .values({ tournament_id: tournamentId, match_id: match.id, ...clock })
        .onConflict((oc) => oc.columns(["tournament_id", "match_id"]).doUpdateSet(clock))
        .execute();
    } else if (isFinished(is) && was && !isFinished(was)) {
      // The station it ends on is the one whose stream shows its end (a match may move off a broken
      // station), and the one its card names once it is over (issue 34, item 6).
      const streamed = station?.streamer_id ? { streamer_id: station.streamer_id } : {};
      const row = await trx
        .updateTable("tournament_match")
        .set({ ended_at: now, ...streamed, ...(station ? { station_name: station.name } : {}) })
        .where("tournament_id", "=", tournamentId)
        .where("match_id", "=", match.id)
        .returning("streamer_id")
        .executeTakeFirst();
      if (row?.streamer_id) ended.push({ tournamentId, matchId: match.id });
    }
  }
  return ended;
}

/** The match replays of a tournament (not deleted), keyed by the engine's match id: what the match cards link to. */
export async function replaysByMatch(db: Db, tournamentId: number): Promise<Map<number, MatchReplayRef>> {
  const rows = await db
    .selectFrom("replay")
    .select(["id", "match_id", "status", "partial"])
    .where("tournament_id", "=", tournamentId)
    .where("match_id", "is not", null)
    .where("deleted_at", "is", null)
    .execute();
  return new Map(rows.map((row) => [row.match_id!, { id: row.id, status: row.status, partial: row.partial === 1 }]));
}

/** The station each finished match was played at (the one it ended on), keyed by the engine's match id: what its card still names. */
export async function stationsPlayedAt(db: Db, tournamentId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("tournament_match")
    .select(["match_id", "station_name"])
    .where("tournament_id", "=", tournamentId)
    .where("ended_at", "is not", null)
    .where("station_name", "is not", null)
    .execute();
  return new Map(rows.map((row) => [row.match_id, row.station_name!]));
}

/** After the commit: each ended streamed match is cut once the margin after its end is recorded. */
export function cutMatchReplays(deps: AppDeps, ended: EndedMatch[]): void {
  for (const match of ended) {
    void runInBackground(
      Bun.sleep(MATCH_MARGIN_MS + WRITER_FLUSH_MS)
        .then(() => makeMatchReplay(deps, match))
        .catch((error: unknown) => console.error(`[replay] match ${match.tournamentId}-${match.matchId}: ${(error as Error).message}`)),
    );
  }
}

/**
 * What a live recorded, on the same timeline: its FLV parts while they are there, then the MP4 made of them (its
 * parts are removed once it is verified, server/replays/finalise.ts). Nothing when neither is on disk.
 */
async function recordingOf(deps: AppDeps, session: { id: number; recording_dir: string }): Promise<string[]> {
  const parts = recordingParts(recordingDirOf(deps.config.mediaDir, session.recording_dir));
  if (parts.length > 0) return parts;
  const replay = await deps.db.selectFrom("replay").select("file_path").where("live_session_id", "=", session.id).where("match_id", "is", null).where("status", "=", "ready").executeTakeFirst();
  const mp4 = replay?.file_path ? join(deps.config.mediaDir, "recordings", replay.file_path) : null;
  return mp4 && existsSync(mp4) ? [mp4] : [];
}

/** The round's name as the bracket column shows it, in `lang`: "Finale — ZeldaPro vs Orion20". */
export function matchReplayTitle(lang: Language, round: string, a: string, b: string): string {
  const numbered = /^(Losers |Swiss )?Round (\d+)$/.exec(round);
  const numberedKey = { "Losers ": "losers_round_n", "Swiss ": "swiss_round_n" }[numbered?.[1] ?? ""] ?? "round_n";
  const named: Record<string, string> = {
    Final: "round_final",
    "Semi-finals": "round_semi_finals",
    "Grand Final": "round_grand_final",
    "Grand Final Reset": "round_grand_final_reset",
    "Losers Final": "round_losers_final",
  };
  const translated = numbered ? translate(lang, `tournaments-ui:${numberedKey}`, { n: numbered[2]! }) : named[round] ? translate(lang, `tournaments-ui:${named[round]}`) : round;
  return `${translated} — ${a} vs ${b}`;
}

async function matchTitle(db: Db, tournamentId: number, matchId: number): Promise<{ title: string; gameId: number | null } | undefined> {
  const tournament = await db.selectFrom("tournament").selectAll().where("id", "=", tournamentId).executeTakeFirst();
  const state = tournament ? bracketOf(tournament) : null;
  const match = state ? findMatch(state, matchId) : undefined;
  if (!tournament || !state || !match) return undefined;
  const nameOf = async (participant: unknown) => {
    const playerId = playerIdOf(state, participant as number | null | undefined);
    const user = playerId === null ? undefined : await db.selectFrom("user").select("username").where("id", "=", playerId).executeTakeFirst();
    return user?.username ?? "?";
  };
  const round = roundTitleOfMatch(tournament.structure as Structure, state, matchId);
  // Stored once, in the site's language (as the chat's system lines keep their French text).
  return { title: matchReplayTitle(defaultLanguage, round, await nameOf(match.opponent1?.id), await nameOf(match.opponent2?.id)), gameId: tournament.game_id };
}

/**
 * Cuts one match out of the recording of the channel's live that overlaps it, from its start to its
 * end with the margin on both sides. When the live started after the match or ended before it, the
 * cut holds what exists and the replay is flagged partial. A match with no recorded live gets none.
 */
async function makeMatchReplay(deps: AppDeps, { tournamentId, matchId }: EndedMatch): Promise<number | null> {
  const clock = await deps.db.selectFrom("tournament_match").selectAll().where("tournament_id", "=", tournamentId).where("match_id", "=", matchId).executeTakeFirst();
  if (!clock?.ended_at || clock.streamer_id === null) return null;
  const existing = await deps.db.selectFrom("replay").select("id").where("tournament_id", "=", tournamentId).where("match_id", "=", matchId).executeTakeFirst();
  if (existing) return existing.id;
  const channel = await deps.db.selectFrom("channel").select("id").where("user_id", "=", clock.streamer_id).executeTakeFirst();
  const session = channel
    ? await deps.db
        .selectFrom("live_session")
        .selectAll()
        .where("channel_id", "=", channel.id)
        .where("started_at", "<=", clock.ended_at)
        .where((eb) => eb.or([eb("ended_at", "is", null), eb("ended_at", ">=", clock.started_at)]))
        .orderBy("started_at", "desc")
        .executeTakeFirst()
    : undefined;
  const parts = session ? await recordingOf(deps, session) : [];
  const about = await matchTitle(deps.db, tournamentId, matchId);
  if (!session || parts.length === 0 || !about) return null;
  // The recording's first second is the session's start, and its publisher's absences are not in it (recording-gaps.ts);
  // a live that ended stopped recording when its publisher left.
  const gaps = recordingGaps(recordingDirOf(deps.config.mediaDir, session.recording_dir));
  const recordedUntil = session.ended_at === null ? null : (recordingStoppedAt(gaps) ?? session.ended_at - RECONNECT_GRACE_MS);
  const partial = session.started_at > clock.started_at || (recordedUntil !== null && recordedUntil < clock.ended_at);
  const from = recordedOffset(gaps, session.started_at, clock.started_at - MATCH_MARGIN_MS);
  const to = recordedOffset(gaps, session.started_at, clock.ended_at + MATCH_MARGIN_MS);
  const runsPastRecording = recordedUntil !== null && recordedUntil < clock.ended_at + MATCH_MARGIN_MS;
  const { id: replayId } = await deps.db
    .insertInto("replay")
    .values({
      channel_id: channel!.id,
      live_session_id: session.id,
      title: about.title,
      search_title: fold(about.title),
      game_id: about.gameId,
      status: "processing",
      file_path: null,
      thumbnail_path: null,
      duration: null,
      file_size: null,
      created_at: deps.now(),
      deleted_at: null,
      tournament_id: tournamentId,
      match_id: matchId,
      partial: partial ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const recordingsRoot = join(deps.config.mediaDir, "recordings");
  try {
    const output = join(recordingsRoot, String(channel!.id), `match-${tournamentId}-${matchId}.mp4`);
    const cut = (source: string[]) => cutRecording(source, from / 1000, runsPastRecording ? undefined : (to - from) / 1000, output);
    // The live's replay may have been made, and its parts removed, while the cut read them: then the MP4 has it all.
    const result = await cut(parts).catch(async (error: unknown) => {
      const now = await recordingOf(deps, session);
      if (now.join() === parts.join() || now.length === 0) throw error;
      return cut(now);
    });
    await deps.db
      .updateTable("replay")
      .set({ status: "ready", file_path: relative(recordingsRoot, result.file), thumbnail_path: relative(recordingsRoot, result.thumbnail), duration: result.duration, file_size: result.size })
      .where("id", "=", replayId)
      .execute();
    deps.bus.emit("replay:ready", { replayId, channelId: channel!.id });
  } catch (error) {
    await deps.db.updateTable("replay").set({ status: "failed" }).where("id", "=", replayId).execute();
    throw error;
  } finally {
    deps.bus.emit("tournament:changed", { tournamentId });
  }
  return replayId;
}
