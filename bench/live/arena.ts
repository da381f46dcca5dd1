// Arena as an operator runs it: `bun server/main.ts` in its own process, with a temp DATA_DIR and
// free loopback ports; then a streamer's account and stream key through the public API.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PREVIEW_GIF, THUMBNAIL } from "../../media/live-outputs.ts";
import { startMainProcess } from "../../tests/fixtures/process.ts";
import { stopTree } from "./procfs.ts";

export interface ArenaUnderTest {
  pid: number;
  url: string;
  ingestUrl: string;
  username: string;
  flvPath: string;
  hlsPath: string;
  /** Files the server's periodic jobs rewrite while live (thumbnail, preview GIF). */
  jobFiles: Record<string, string>;
  /** Resolves when the server says the channel is live. */
  waitLive(timeoutMs?: number): Promise<void>;
  log: () => string;
}

/** `from`: another checkout of Arena to run (bench/live/cpu.ts compares an earlier version); this one by default. `env`: settings on top (LIVE_LADDER). */
export async function startArena(tempDir: string, from?: string, env: Record<string, string> = {}): Promise<ArenaUnderTest> {
  const dataDir = join(tempDir, "arena-data");
  mkdirSync(dataDir, { recursive: true });
  const server = await startMainProcess({ PORT: "0", HOST: "127.0.0.1", RTMP_PORT: "auto", DATA_DIR: dataDir, LOG_LEVEL: "error", CAPTCHA: "off", ...env }, from ? { from } : {});
  let text = "";
  for (const stream of [server.child.stdout, server.child.stderr]) {
    void (async () => {
      for await (const chunk of stream) text = (text + new TextDecoder().decode(chunk)).slice(-8000);
    })().catch(() => undefined);
  }
  try {
    const username = `bench${Math.random().toString(36).slice(2, 8)}`;
    const password = "correct horse battery staple";
    const post = (path: string, body: unknown, cookie = "") => fetch(server.url + path, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });
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
      pid: server.child.pid,
      url: server.url,
      ingestUrl: `rtmp://127.0.0.1:${server.rtmpPort}/live/${streamKey}`,
      username,
      flvPath: `/live/${username}.flv`,
      hlsPath: `/live/${username}/index.m3u8`,
      // DATA_DIR/live/{username}: where the server keeps a live channel's HLS, thumbnail and preview.
      jobFiles: { thumbnail: join(dataDir, "live", username, THUMBNAIL), "preview GIF": join(dataDir, "live", username, PREVIEW_GIF) },
      async waitLive(timeoutMs = 15_000) {
        const deadline = Date.now() + timeoutMs;
        while (Date.now() < deadline) {
          const res = await fetch(`${server.url}/api/stream/stream/${username}`).catch(() => undefined);
          if (res?.ok && ((await res.json()) as { isLive?: boolean }).isLive) return;
          await Bun.sleep(200);
        }
        throw new Error(`Arena did not go live within ${timeoutMs} ms: ${text}`);
      },
      log: () => text,
    };
  } catch (error) {
    await stopTree(server.child.pid);
    throw error;
  }
}
