import { type Transaction, sql } from "kysely";
import { dialectOf, openDatabase } from "../../db/index.ts";
import type { DB } from "../../db/types.ts";
import { seedGames } from "../../server/games/service.ts";
import { searchTextOf } from "../../server/events/queries.ts";
import { fold } from "../../shared/fold.ts";

export const USERS = 10_000;
export const CHANNELS = 2_000;
export const REPLAYS = 50_000;
export const LIVE = 40;

/**
 * How many rows seed() writes; bench/search and bench/scale also seed ten times these. The community
 * rows (tournaments, events, chat, wallets) are bench/scale's: none unless asked.
 */
export interface SeedSizes {
  users: number;
  channels: number;
  replays: number;
  tournaments?: number;
  events?: number;
  chatMessages?: number;
  /** Ledger lines per wallet: every user gets a wallet. */
  walletLinesPerUser?: number;
  /** Participants of each seeded event (EVENT_PARTICIPANTS unless set: the events list's series takes fewer). */
  participantsPerEvent?: number;
}
export const API_SIZES: SeedSizes = { users: USERS, channels: CHANNELS, replays: REPLAYS };
/** Players of each seeded tournament and participants of each seeded event. */
const TOURNAMENT_PLAYERS = 8;
const EVENT_PARTICIPANTS = 20;
// Rows per INSERT: well under both databases' limits on bound values (SQLite 32,766, PostgreSQL 65,535).
const BATCH = 1_000;

/** Rows 1..count made by `row`, BATCH at a time, each batch made only when it is inserted. */
function* batches<T>(count: number, row: (i: number) => T): Generator<T[]> {
  for (let start = 0; start < count; start += BATCH) yield Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => row(start + i + 1));
}

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
    await seedCommunity(trx, sizes, now);
  });
  // PostgreSQL's autovacuum gathers planner statistics within a minute of a bulk load; the bench does not wait for it.
  if (dialectOf(db) === "postgres") await sql`ANALYZE`.execute(db);
  const last = await db.selectFrom("replay").select(["live_session_id"]).orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
  await db.destroy();
  if (last.live_session_id !== LIVE + sizes.replays) throw new Error("the database did not number the seeded rows from 1 in order");
}

/**
 * bench/scale's community: tournaments of eight players, published events of twenty participants,
 * a wallet per user with its ledger lines, and chat messages, half of them in the live channels'
 * chats (a popular chat's history grows with the site), the rest spread over every channel.
 */
async function seedCommunity(trx: Transaction<DB>, sizes: SeedSizes, now: number): Promise<void> {
  const { tournaments = 0, events = 0, chatMessages = 0, walletLinesPerUser = 0 } = sizes;
  const member = (i: number) => ((i * 7919) % sizes.users) + 1;
  const tournamentRow = (t: number) => ({
    name: `${words[t % words.length]} cup ${t}`,
    admin_id: member(t),
    structure: "s_elim" as const,
    size: TOURNAMENT_PLAYERS,
    game_id: (t % 20) + 1,
    game_name: "",
    created_at: now - t * 3_600_000,
  });
  for (const rows of batches(tournaments, tournamentRow)) await trx.insertInto("tournament").values(rows).execute();
  const player = (p: number) => ({ tournament_id: Math.ceil(p / TOURNAMENT_PLAYERS), user_id: member(p * 31), status: "approved" as const, joined_at: now });
  for (const rows of batches(tournaments * TOURNAMENT_PLAYERS, player)) await trx.insertInto("tournament_player").values(rows).execute();
  const eventName = (e: number) => `${words[e % words.length]} night ${e}`;
  const eventRow = (e: number) => ({
    slug: `bench-event-${e}`,
    name: eventName(e),
    search_text: searchTextOf({ name: eventName(e), description: "", location: "" }),
    description: "",
    category_id: (e % 6) + 1,
    start_date: now + e * 3_600_000,
    status: "published" as const,
    created_by: member(e),
    creation_cost: 0,
    created_at: now,
    updated_at: now,
  });
  for (const rows of batches(events, eventRow)) await trx.insertInto("event").values(rows).execute();
  const perEvent = sizes.participantsPerEvent ?? EVENT_PARTICIPANTS;
  const participant = (p: number) => ({ event_id: Math.ceil(p / perEvent), user_id: member(p * 37), status: "approved" as const, created_at: now });
  for (const rows of batches(events * perEvent, participant)) await trx.insertInto("event_participant").values(rows).execute();
  if (walletLinesPerUser > 0) {
    for (const rows of batches(sizes.users, (u) => ({ user_id: u, balance: walletLinesPerUser * 100, updated_at: now }))) await trx.insertInto("wallet").values(rows).execute();
    const line = (l: number) => {
      const step = Math.ceil(l / sizes.users);
      return {
        user_id: ((l - 1) % sizes.users) + 1,
        amount: 100,
        balance_after: step * 100,
        type: "manual_credit" as const,
        description: "bench",
        created_at: now - (walletLinesPerUser - step) * 60_000,
      };
    };
    for (const rows of batches(sizes.users * walletLinesPerUser, line)) await trx.insertInto("wallet_transaction").values(rows).execute();
  }
  const message = (m: number) => ({
    channel_id: m % 2 === 0 ? ((m / 2) % LIVE) + 1 : (m % sizes.channels) + 1,
    user_id: member(m),
    content: `${words[m % words.length]} ${m}`,
    created_at: now - (chatMessages - m) * 1_000,
  });
  for (const rows of batches(chatMessages, message)) await trx.insertInto("chat_message").values(rows).execute();
}
