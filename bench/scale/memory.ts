// bench/scale, Memory: the resident memory (RSS) of Arena idle, with 10 lives and with 1,000 chat
// readers, beside node-media-server and nginx-rtmp idle and with 10 lives, and beside a bare
// socket.io server (bench/chat's reference) with the same 1,000 readers. A fresh server per series.
// Lives are the cached clip pushed with `-re -c copy` (bench/live/clip.ts); readers are socket.io
// clients in two child processes of 500 (bench/chat/reader-process.ts), joined to one chat room.
// Writes the "Scale: memory" section, docs/scale-memory-lives.svg and docs/scale-memory-chat.svg.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { channelArn } from "../chat/arena-setup.ts";
import { type Child, spawnBun, stopServer, startServer as startChatServer, until } from "../chat/phase.ts";
import { growthChart } from "../chart.ts";
import { clip } from "../live/clip.ts";
import { rssKiB, stopTree, treeMemoryKiB } from "../live/procfs.ts";
import { freePortOutsideEphemeralRange } from "../../media/ports.ts";
import { machineLine, writeSection } from "../report.ts";
import { pushEveryLive, type ServerKind, startServer } from "./lives.ts";
import { started } from "./processes.ts";

const LIVES = 10;
const READERS = 1000;
const READER_PROCESSES = 2;
/** After a start, or once the load is on: the runtime's start-up allocations and the jobs settle. */
const SETTLE_SECONDS = 5;

interface Rss {
  /** Means over the window, MiB: the server's own process, and with everything it started (ffmpeg jobs, nginx's worker; procfs.ts treeMemoryKiB). */
  main: number;
  tree: number;
}

/** One server's RSS before and after the load (lives, or chat readers). */
interface Row {
  server: string;
  version: string;
  idle: Rss;
  loaded: Rss;
}

export async function measureMemory({ quick }: { quick: boolean }): Promise<void> {
  const tempDir = mkdtempSync(join(tmpdir(), "arena-bench-scale-memory-"));
  try {
    await run(quick, tempDir);
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}

async function run(quick: boolean, tempDir: string): Promise<void> {
  const seconds = quick ? 5 : 10;
  const readers = quick ? READERS / 4 : READERS;
  const loadBefore = loadavg();
  const file = await clip(started);
  const lives: Row[] = [];
  for (const kind of ["Arena", "node-media-server", "nginx-rtmp"] as ServerKind[]) {
    console.log(`memory: ${kind}, idle then with ${LIVES} lives…`);
    lives.push(await idleThenLives(kind, file, tempDir, seconds));
  }
  const chat: Row[] = [];
  for (const which of ["Arena", "bare socket.io"] as const) {
    console.log(`memory: ${which}, idle then with ${readers} chat readers…`);
    chat.push(await withReaders(which, readers, tempDir, seconds));
  }
  for (const row of [...lives, ...chat]) console.log(`  ${row.server}: idle ${mib(row.idle)}, loaded ${mib(row.loaded)}`);
  const body = report(lives, chat, { seconds, readers, quick, loadBefore });
  console.log(`\n${body}`);
  writeFileSync(join(import.meta.dir, "../../docs/scale-memory-lives.svg"), loadChart("Memory with lives", "simultaneous 720p30 lives", LIVES, lives));
  writeFileSync(join(import.meta.dir, "../../docs/scale-memory-chat.svg"), loadChart("Memory with chat readers", "socket.io chat readers", readers, chat));
  writeSection("Scale: memory", body);
}

/** Mean RSS of the process and of its tree, sampled every second for `seconds`. */
async function rssOver(pid: number, seconds: number): Promise<Rss> {
  const main: number[] = [];
  const tree: number[] = [];
  for (let i = 0; i < seconds; i++) {
    main.push(rssKiB(pid) / 1024);
    tree.push(treeMemoryKiB(pid) / 1024);
    await Bun.sleep(1000);
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return { main: mean(main), tree: mean(tree) };
}

async function idleThenLives(kind: ServerKind, file: string, tempDir: string, seconds: number): Promise<Row> {
  const server = await startServer(kind, LIVES, tempDir);
  try {
    await Bun.sleep(SETTLE_SECONDS * 1000);
    const idle = await rssOver(server.pid, seconds);
    const pushes = await pushEveryLive(server, file);
    try {
      await Bun.sleep(SETTLE_SECONDS * 1000);
      return { server: kind, version: server.version, idle, loaded: await rssOver(server.pid, seconds) };
    } finally {
      await pushes.stop();
    }
  } finally {
    await server.stop();
  }
}

/** Arena (one streamer's chat room) or the bare socket.io server, idle and then with `count` readers in one room. */
async function withReaders(which: "Arena" | "bare socket.io", count: number, tempDir: string, seconds: number): Promise<Row> {
  let stop: () => Promise<void>;
  let pid: number;
  let url: string;
  let room: string;
  let version: string;
  if (which === "Arena") {
    const arena = await startServer("Arena", 0, tempDir);
    [stop, pid, url, version] = [arena.stop, arena.pid, arena.url!, arena.version];
    room = await channelArn(url, arena.sessions[0]!);
  } else {
    const bare = await startChatServer(["bench/chat/bare-server.ts"], { PORT: String(await freePortOutsideEphemeralRange()), HOST: "127.0.0.1" });
    started.add(bare.child.proc.pid);
    [pid, url, room, version] = [bare.child.proc.pid, bare.url, "0123456789abcdef0123", "bench/chat/bare-server.ts: socket.io on @socket.io/bun-engine, broadcast only"];
    stop = async () => {
      await stopServer(bare);
      started.delete(pid);
    };
  }
  const processes: Child[] = [];
  try {
    await Bun.sleep(SETTLE_SECONDS * 1000);
    const idle = await rssOver(pid, seconds);
    let joined = 0;
    for (let i = 0; i < READER_PROCESSES; i++) {
      let ready = false;
      // One message slot per reader: the readers only hold their sockets here.
      const child = spawnBun(["bench/chat/reader-process.ts", url, room, String(count / READER_PROCESSES), "1"], {}, (line) => {
        const parsed = JSON.parse(line.trim() || "{}") as { type?: string; joined?: number };
        if (parsed.type === "ready") [ready, joined] = [true, joined + (parsed.joined ?? 0)];
      });
      started.add(child.proc.pid);
      processes.push(child);
      await until("chat readers joined", 60_000, () => (ready ? true : undefined), child);
    }
    if (joined < count) throw new Error(`${which}: only ${joined} of ${count} chat readers joined (is the open-file limit high enough? scripts/bench-scale raises it)`);
    await Bun.sleep(SETTLE_SECONDS * 1000);
    return { server: which, version, idle, loaded: await rssOver(pid, seconds) };
  } finally {
    for (const child of processes) {
      await stopTree(child.proc.pid, 2000);
      started.delete(child.proc.pid);
    }
    await stop();
  }
}

const mib = (rss: Rss, part: keyof Rss = "tree") => `${rss[part].toFixed(0)} MiB`;

/** The tree, and the main process apart when the server has children. */
const withMain = (rss: Rss) => (rss.tree - rss.main >= 1 ? `${mib(rss)} (main ${mib(rss, "main")})` : mib(rss));

function report(lives: Row[], chat: Row[], run: { seconds: number; readers: number; quick: boolean; loadBefore: number[] }): string {
  const versions = [...lives, ...chat]
    .filter((r, i, all) => all.findIndex((other) => other.server === r.server) === i)
    .map((r) => `${r.server}: ${r.version}`)
    .join("; ");
  const livesTable = lives.map((r) => `| ${r.server} | ${withMain(r.idle)} | ${withMain(r.loaded)} | +${((r.loaded.tree - r.idle.tree) / LIVES).toFixed(1)} MiB |`).join("\n");
  const chatTable = chat.map((r) => `| ${r.server} | ${mib(r.idle, "main")} | ${mib(r.loaded, "main")} | +${(((r.loaded.main - r.idle.main) * 1024) / run.readers).toFixed(0)} KiB |`).join("\n");
  return `Machine: ${machineLine()}; load average ${run.loadBefore.map((l) => l.toFixed(2)).join(" ")} before the part. Provisional figures${run.quick ? ` (a --quick run: ${run.readers} chat readers, shorter windows)` : ""}, measured on a shared machine.

Method: \`./scripts/bench-scale --part memory\` (\`bun bench/scale/run.ts --part memory\`). Servers: ${versions}; a fresh one for each series, on free loopback ports, stopped by its pid.
Memory is read from /proc every second for ${run.seconds} s and averaged, after ${SETTLE_SECONDS} s of settling: the RSS of the server's own process ("main"), and for its whole tree (with Arena's ffmpeg jobs, nginx's worker)
that RSS plus each child's anonymous RSS plus the libraries the children map counted once (the file-backed RSS of the largest child): each ffmpeg job maps ~40 MiB of libraries shared with the others, which a sum of RSS would count once per live.
Idle: started, nothing pushed or connected. Lives: the cached 720p30 2.5 Mbps clip pushed into ${LIVES} channels at once, each by its own \`ffmpeg -re -c copy\` (Arena: one streamer account and key per live,
each remuxed into HLS and recorded by one ffmpeg; nginx-rtmp writes HLS; node-media-server standalone relays only).
Chat readers: ${run.readers.toLocaleString("en")} socket.io clients (websocket) in ${READER_PROCESSES} child processes (bench/chat/reader-process.ts) joined to one stream's chat room, on a fresh Arena and on bench/chat's
bare socket.io server (its reference: socket.io on Bun that only broadcasts); per reader = (main process with readers − idle) ÷ readers.

| server | idle | with ${LIVES} lives | per live |
| --- | ---: | ---: | ---: |
${livesTable}

| server | idle | with ${run.readers.toLocaleString("en")} chat readers | per reader |
| --- | ---: | ---: | ---: |
${chatTable}

![RSS against the number of lives](scale-memory-lives.svg) ![RSS against the number of chat readers](scale-memory-chat.svg)`;
}

function loadChart(title: string, xLabel: string, load: number, rows: Row[]): string {
  return growthChart({ title, xLabel, yLabel: "memory of the server, MiB", xs: [0, load], series: rows.map((r) => ({ name: r.server, ys: [r.idle.tree, r.loaded.tree] })), targets: [] });
}
