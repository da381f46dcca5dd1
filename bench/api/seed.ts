import { sql } from "kysely";
import { dialectOf, openDatabase } from "../../db/index.ts";
import { seedGames } from "../../server/games/service.ts";
import { fold } from "../../server/text/fold.ts";

export const USERS = 10_000;
export const CHANNELS = 2_000;
export const REPLAYS = 50_000;
export const LIVE = 40;

/** How many rows seed() writes; bench/search also seeds ten times these. */
export interface SeedSizes {
  users: number;
  channels: number;
  replays: number;
}
export const API_SIZES: SeedSizes = { users: USERS, channels: CHANNELS, replays: REPLAYS };
// Rows per INSERT: well under both databases' limits on bound values (SQLite 32,766, PostgreSQL 65,535).
const BATCH = 1_000;

const words = ["finale", "ranked", "lan", "élite", "tournoi", "speedrun", "coaching", "clutch", "scrim", "chill", "pro", "rétro", "duo", "solo", "marathon"];

/**
 * Fills a fresh database, SQLite file or PostgreSQL address, with the same rows (only `now` differs):
 * many rows per INSERT, in one transaction, so a realistic size takes seconds on either. Ids are the
 * database's own, given in insertion order from 1 on a fresh database (checked at the end).
 */
export async function seed(target: string, sizes: SeedSizes = API_SIZES): Promise<void> {
  const db = await openDatabase(target);
  await seedGames(db);
  const now = Date.now();
  const batches = <T>(count: number, row: (i: number) => T) =>
    Array.from({ length: Math.ceil(count / BATCH) }, (_, b) => Array.from({ length: Math.min(BATCH, count - b * BATCH) }, (_, i) => row(b * BATCH + i + 1)));
  await db.transaction().execute(async (trx) => {
    for (const rows of batches(sizes.users, (i) => ({ username: `player_${i}`, email: `player_${i}@bench.local`, password_hash: null, created_at: now, updated_at: now }))) {
      await trx.insertInto("user").values(rows).execute();
    }
    const channelRow = (c: number) => {
      const title = `${words[c % words.length]} ${words[(c * 7) % words.length]} #${c}`;
      return {
        user_id: c,
        public_id: c.toString(16).padStart(8, "0"),
        stream_key: `key_${c}`,
        title,
        search_title: fold(title),
        game_id: (c % 20) + 1,
        tags: '["FR"]',
        is_live: c <= LIVE ? 1 : 0,
        live_session_id: null,
        created_at: now,
        updated_at: now,
      };
    };
    for (const rows of batches(sizes.channels, channelRow)) await trx.insertInto("channel").values(rows).execute();
    // Sessions 1..LIVE are the lives in progress; session LIVE + r is replay r's.
    const liveSession = (c: number) => ({ channel_id: c, started_at: now - c * 60_000, ended_at: null, recording_dir: "", game_id: (c % 20) + 1 });
    for (const rows of batches(LIVE, liveSession)) await trx.insertInto("live_session").values(rows).execute();
    for (let c = 1; c <= LIVE; c++) await trx.updateTable("channel").set({ live_session_id: c }).where("id", "=", c).execute();
    const replayAt = (r: number) => now - r * 60_000;
    const replaySession = (r: number) => ({ channel_id: (r % sizes.channels) + 1, started_at: replayAt(r) - 600_000, ended_at: replayAt(r), recording_dir: "", game_id: (r % 20) + 1 });
    for (const rows of batches(sizes.replays, replaySession)) await trx.insertInto("live_session").values(rows).execute();
    const replayRow = (r: number) => {
      const channelId = (r % sizes.channels) + 1;
      const title = `${words[r % words.length]} ${words[(r * 3) % words.length]} ${r}`;
      const status = "ready" as const;
      return {
        channel_id: channelId,
        live_session_id: LIVE + r,
        title,
        search_title: fold(title),
        game_id: (r % 20) + 1,
        status,
        file_path: `${channelId}/${LIVE + r}.mp4`,
        duration: 600,
        file_size: 1_000_000,
        view_count: r % 5000,
        created_at: replayAt(r),
      };
    };
    for (const rows of batches(sizes.replays, replayRow)) await trx.insertInto("replay").values(rows).execute();
    for (const rows of batches(sizes.users, (f) => ({ follower_id: f, followed_id: ((f * 13) % sizes.channels) + 1, created_at: now }))) {
      await trx
        .insertInto("follow")
        .values(rows.filter((row) => row.follower_id !== row.followed_id))
        .execute();
    }
  });
  // PostgreSQL's autovacuum gathers planner statistics within a minute of a bulk load; the bench does not wait for it.
  if (dialectOf(db) === "postgres") await sql`ANALYZE`.execute(db);
  const last = await db.selectFrom("replay").select(["live_session_id"]).orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
  await db.destroy();
  if (last.live_session_id !== LIVE + sizes.replays) throw new Error("the database did not number the seeded rows from 1 in order");
}
