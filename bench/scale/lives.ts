// A server under test with n lives pushed into it: Arena (one streamer account and key per live) or
// a reference (one stream name per live), each started on free loopback ports in its own process.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { startArena } from "../live/arena.ts";
import { startPush, waitForUrl } from "../live/clip.ts";
import { stopTree } from "../live/procfs.ts";
import { startNginx, startNodeMediaServer } from "../live/references.ts";
import { started } from "./processes.ts";

export type ServerKind = "Arena" | "nginx-rtmp" | "node-media-server";

interface LiveAddresses {
  ingestUrl: string;
  hlsUrl?: string;
  flvUrl?: string;
  /** Resolves once the live is served (its HLS playlist answers, or the server says it is live). */
  ready(): Promise<void>;
}

interface ServerWithLives {
  kind: ServerKind;
  version: string;
  pid: number;
  /** Arena's HTTP address (its chat, its API). */
  url?: string;
  /** The streamers' session cookies, for Arena. */
  sessions: string[];
  lives: LiveAddresses[];
  stop(): Promise<void>;
}

/** Starts `kind` ready for `count` lives (nothing is pushed yet). */
export async function startServer(kind: ServerKind, count: number, tempDir: string): Promise<ServerWithLives> {
  const dir = join(tempDir, `${kind}-${count}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const stop = (pid: number) => async () => {
    await stopTree(pid, 10_000);
    started.delete(pid);
  };
  if (kind === "Arena") {
    const arena = await startArena(dir, undefined, { channels: Math.max(1, count) });
    started.add(arena.pid);
    const head = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"]).stdout.toString().trim();
    return {
      kind,
      version: `bun server/main.ts at ${head}`,
      pid: arena.pid,
      url: arena.url,
      sessions: arena.channels.map((c) => c.session),
      lives: arena.channels.slice(0, count).map((channel) => ({
        ingestUrl: channel.ingestUrl,
        hlsUrl: arena.url + channel.hlsPath,
        flvUrl: arena.url + channel.flvPath,
        async ready() {
          await channel.waitLive(30_000);
          await waitForUrl(arena.url + channel.hlsPath, 30_000);
          await firstPictures(Object.values(channel.jobFiles));
        },
      })),
      stop: stop(arena.pid),
    };
  }
  const ref = await (kind === "nginx-rtmp" ? startNginx : startNodeMediaServer)(dir);
  started.add(ref.pid);
  return {
    kind,
    version: ref.version,
    pid: ref.pid,
    sessions: [],
    lives: Array.from({ length: count }, (_, i) => {
      const urls = ref.stream(`live${i + 1}`);
      const flvUrl = ref.relayKind === "flv" ? urls.relayUrl : undefined;
      const hlsUrl = urls.hlsUrl;
      return {
        ingestUrl: urls.ingestUrl,
        ...(hlsUrl ? { hlsUrl } : {}),
        ...(flvUrl ? { flvUrl } : {}),
        ready: () => waitForUrl(hlsUrl ?? flvUrl!, 30_000),
      };
    }),
    stop: stop(ref.pid),
  };
}

/**
 * Arena makes a live's first thumbnail and animated preview once, soon after it starts (a one-off
 * decode per live, not a cost of keeping it): measured windows begin after them, or with many lives
 * starting at once on a small machine they would land inside the first window.
 */
async function firstPictures(files: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!files.every((file) => existsSync(file))) {
    if (Date.now() > deadline) throw new Error(`no first pictures after ${timeoutMs} ms: ${files.join(", ")}`);
    await Bun.sleep(250);
  }
}

/** Pushes the clip into every live of the server and waits until each is served. */
export async function pushEveryLive(server: ServerWithLives, file: string) {
  const pushes = server.lives.map((live) => startPush(file, live.ingestUrl, started));
  const stopAll = () => Promise.all(pushes.map((push) => push.stop()));
  try {
    await Promise.all(server.lives.map((live) => live.ready()));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    /** How many publishers are still pushing (ffmpeg exits when the server drops it). */
    alive: () => pushes.filter((push) => push.alive()).length,
    stop: stopAll,
  };
}
