// Arena as an operator runs it: `bun server/main.ts` in its own process, with a temp DATA_DIR and
// free loopback ports; then streamers' accounts and stream keys through the public API.
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PREVIEW_GIF, THUMBNAIL } from "../../media/live-outputs.ts";
import { startMainProcess } from "../../tests/fixtures/process.ts";
import { stopTree } from "./procfs.ts";

/** One streamer's channel, ready to be pushed to. */
interface ArenaChannel {
  username: string;
  ingestUrl: string;
  flvPath: string;
  hlsPath: string;
  /** The streamer's `arena_session=…` cookie pair. */
  session: string;
  /** Files the server's periodic jobs rewrite while live (thumbnail, preview GIF). */
  jobFiles: Record<string, string>;
  /** Resolves when the server says the channel is live. */
  waitLive(timeoutMs?: number): Promise<void>;
}

/** The server and its channels; the channel fields at the top are the first channel's (bench/live pushes one). */
export interface ArenaUnderTest extends ArenaChannel {
  pid: number;
  url: string;
  channels: ArenaChannel[];
  log: () => string;
}

/**
 * `from`: another checkout of Arena to run (bench/live/cpu.ts compares an earlier version); this one by default.
 * `channels`: how many streamers sign up and get a key (bench/scale pushes several lives at once). `env`: settings on top (LIVE_LADDER).
 */
export async function startArena(tempDir: string, from?: string, { channels = 1, env = {} }: { channels?: number; env?: Record<string, string> } = {}): Promise<ArenaUnderTest> {
  const dataDir = join(tempDir, "arena-data");
  mkdirSync(dataDir, { recursive: true });
  const server = await startMainProcess({ PORT: "0", HOST: "127.0.0.1", RTMP_PORT: "auto", DATA_DIR: dataDir, LOG_LEVEL: "error", CAPTCHA: "off", ...env }, from ? { from } : {});
  let text = "";
  for (const stream of [server.child.stdout, server.child.stderr]) {
    void (async () => {
      for await (const chunk of stream) text = (text + new TextDecoder().decode(chunk)).slice(-8000);
    })().catch(() => undefined);
  }
  const post = (path: string, body: unknown, cookie = "") => fetch(server.url + path, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });

  /** Signs a streamer up (one of at most 100 sign-ups an hour from one address), logs in and takes a stream key. */
  async function openChannel(): Promise<ArenaChannel> {
    const username = `bench${Math.random().toString(36).slice(2, 8)}`;
    const password = "correct horse battery staple";
    const signup = await post("/api/auth/signup", { username, email: `${username}@bench.local`, password });
    if (!signup.ok) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
    const login = await post("/api/auth/login", { login: username, password });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const session = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("arena_session="));
    if (!session) throw new Error("login set no arena_session cookie");
    const start = await post("/api/stream/startstreaming", { title: "bench/live", gameId: 1, tags: [] }, session);
    if (!start.ok) throw new Error(`startstreaming: ${start.status} ${await start.text()}`);
    const { streamKey } = (await start.json()) as { streamKey: string };
    return {
      username,
      ingestUrl: `rtmp://127.0.0.1:${server.rtmpPort}/live/${streamKey}`,
      flvPath: `/live/${username}.flv`,
      hlsPath: `/live/${username}/index.m3u8`,
      session,
      // DATA_DIR/live/{channel id}: where the server keeps a live channel's HLS, thumbnail and preview (a version
      // before issue 34 named the folder after the username).
      jobFiles: liveFiles(join(dataDir, "live", String(channelIdOf(dataDir, username)))),
      async waitLive(timeoutMs = 15_000) {
        const deadline = Date.now() + timeoutMs;
        while (Date.now() < deadline) {
          const res = await fetch(`${server.url}/api/stream/stream/${username}`).catch(() => undefined);
          if (res?.ok && ((await res.json()) as { isLive?: boolean }).isLive) return;
          await Bun.sleep(200);
        }
        throw new Error(`Arena did not go live within ${timeoutMs} ms: ${text}`);
      },
    };
  }

  try {
    const opened: ArenaChannel[] = [];
    for (let i = 0; i < channels; i++) opened.push(await openChannel());
    return { ...opened[0]!, pid: server.child.pid, url: server.url, channels: opened, log: () => text };
  } catch (error) {
    await stopTree(server.child.pid);
    throw error;
  }
}

/** The channel's id, read from the server's own SQLite file (the bench's server runs on its default database). */
function channelIdOf(dataDir: string, username: string): number {
  const db = new Database(join(dataDir, "arena.db"), { readonly: true });
  try {
    const row = db.query<{ id: number }, [string]>('SELECT c.id FROM channel c JOIN "user" u ON u.id = c.user_id WHERE u.username = ?').get(username);
    if (!row) throw new Error(`no channel for ${username}`);
    return row.id;
  } finally {
    db.close();
  }
}

const liveFiles = (folder: string) => ({ thumbnail: join(folder, THUMBNAIL), "preview GIF": join(folder, PREVIEW_GIF) });
