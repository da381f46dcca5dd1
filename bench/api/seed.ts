import { Database } from "bun:sqlite";
import { join } from "node:path";
import { openDatabase } from "../../db/index.ts";
import { seedGames } from "../../server/games/service.ts";
import { fold } from "../../server/text/fold.ts";

export const USERS = 10_000;
export const CHANNELS = 2_000;
export const REPLAYS = 50_000;
export const LIVE = 40;

const words = ["finale", "ranked", "lan", "élite", "tournoi", "speedrun", "coaching", "clutch", "scrim", "chill", "pro", "rétro", "duo", "solo", "marathon"];

/** Fills a fresh database straight through SQLite: a realistic size in seconds. */
export async function seed(dataDir: string): Promise<void> {
  const db = await openDatabase(join(dataDir, "arena.db"));
  await seedGames(db);
  await db.destroy();
  const sqlite = new Database(join(dataDir, "arena.db"));
  const now = Date.now();
  sqlite.transaction(() => {
    const user = sqlite.prepare("INSERT INTO user (username, email, password_hash, created_at, updated_at) VALUES (?, ?, NULL, ?, ?)");
    for (let i = 1; i <= USERS; i++) user.run(`player_${i}`, `player_${i}@bench.local`, now, now);
    const channel = sqlite.prepare(
      "INSERT INTO channel (user_id, public_id, stream_key, title, search_title, game_id, tags, is_live, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, '[\"FR\"]', ?, ?, ?)",
    );
    const session = sqlite.prepare("INSERT INTO live_session (channel_id, started_at, ended_at, recording_dir, game_id) VALUES (?, ?, ?, '', ?)");
    for (let c = 1; c <= CHANNELS; c++) {
      const title = `${words[c % words.length]} ${words[(c * 7) % words.length]} #${c}`;
      channel.run(c, c.toString(16).padStart(8, "0"), `key_${c}`, title, fold(title), (c % 20) + 1, c <= LIVE ? 1 : 0, now, now);
    }
    for (let c = 1; c <= LIVE; c++) session.run(c, now - c * 60_000, null, (c % 20) + 1);
    const liveIds = sqlite.prepare("SELECT id, channel_id FROM live_session").all() as { id: number; channel_id: number }[];
    const setLive = sqlite.prepare("UPDATE channel SET live_session_id = ? WHERE id = ?");
    for (const row of liveIds) setLive.run(row.id, row.channel_id);
    const replaySession = sqlite.prepare("INSERT INTO live_session (channel_id, started_at, ended_at, recording_dir, game_id) VALUES (?, ?, ?, '', ?) RETURNING id");
    const replay = sqlite.prepare(
      "INSERT INTO replay (channel_id, live_session_id, title, search_title, game_id, status, file_path, duration, file_size, view_count, created_at) VALUES (?, ?, ?, ?, ?, 'ready', ?, 600, 1000000, ?, ?)",
    );
    for (let r = 1; r <= REPLAYS; r++) {
      const channelId = (r % CHANNELS) + 1;
      const at = now - r * 60_000;
      const { id } = replaySession.get(channelId, at - 600_000, at, (r % 20) + 1) as { id: number };
      const title = `${words[r % words.length]} ${words[(r * 3) % words.length]} ${r}`;
      replay.run(channelId, id, title, fold(title), (r % 20) + 1, `${channelId}/${id}.mp4`, r % 5000, at);
    }
    const follow = sqlite.prepare("INSERT OR IGNORE INTO follow (follower_id, followed_id, created_at) VALUES (?, ?, ?)");
    for (let f = 1; f <= USERS; f++) follow.run(f, ((f * 13) % CHANNELS) + 1, now);
  })();
  sqlite.close();
}
