// The pushed clip of the CPU and scale benches: 720p30 at 2.5 Mbps, encoded once (cached), sent with
// `-re -c copy` so the publishers cost almost nothing; and the light HTTP-FLV viewer that reads and drops.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { stopTree } from "./procfs.ts";
import { streamerEncoding } from "./publisher.ts";

export const CLIP_SECONDS = 20;

/** 20 s of 720p30 moving noise at 2.5 Mbps (x264 veryfast zerolatency, 1 s GOP) and AAC 128k, as bench/live's streamer sends; encoded once. */
/** `started`: the caller's set of pids to stop on an interruption; the encoder is in it while it runs. */
export async function clip(started: Set<number>): Promise<string> {
  const dir = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "arena-bench-live");
  const file = join(dir, `clip-720p30-2500k-${CLIP_SECONDS}s.flv`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  console.log(`encoding the ${CLIP_SECONDS} s clip once into ${file}…`);
  // prettier-ignore
  const args = [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=1280x720:rate=30,noise=alls=24:allf=t+u",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:sample_rate=44100",
    "-t",
    String(CLIP_SECONDS),
    ...streamerEncoding(30),
    "-ac",
    "1",
    "-f",
    "flv",
    `${file}.part`,
  ];
  const proc = Bun.spawn(["ffmpeg", ...args], { stdin: "ignore", stdout: "ignore", stderr: "pipe" });
  started.add(proc.pid);
  const code = await proc.exited;
  started.delete(proc.pid);
  if (code !== 0) throw new Error(`encoding the clip failed: ${await new Response(proc.stderr).text()}`);
  await Bun.write(file, Bun.file(`${file}.part`));
  rmSync(`${file}.part`);
  return file;
}

/** Pushes the clip in a loop at its own pace, without re-encoding. */
export function startPush(file: string, url: string, started: Set<number>) {
  const proc = Bun.spawn(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-stream_loop", "-1", "-i", file, "-c", "copy", "-f", "flv", url], {
    stdin: "ignore",
    stdout: "ignore",
    stderr: "pipe",
  });
  started.add(proc.pid);
  return {
    alive: () => proc.exitCode === null,
    stderr: () => new Response(proc.stderr).text(),
    async stop() {
      await stopTree(proc.pid, 3000);
      started.delete(proc.pid);
    },
  };
}

/** A viewer that reads HTTP-FLV and drops it: what a player costs the server, without decoding here. */
export function startFlvViewer(url: string) {
  const abort = new AbortController();
  let bytes = 0;
  const reading = (async () => {
    const res = await fetch(url, { signal: abort.signal });
    if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
    for await (const chunk of res.body) bytes += chunk.byteLength;
  })().catch(() => undefined);
  return {
    bytes: () => bytes,
    async stop() {
      abort.abort();
      await reading;
    },
  };
}

export async function waitForUrl(url: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(url).catch(() => undefined);
    if (res?.ok) return void (await res.body?.cancel());
    await Bun.sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
