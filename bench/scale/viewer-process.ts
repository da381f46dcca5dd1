// One of the viewer processes of bench/scale/viewers.ts: it runs `count` light viewers (HLS or
// HTTP-FLV) of one address, counts only what happens inside the window it is given (wall-clock
// times, so every process of a step counts the same seconds), then prints one JSON line and exits.
// Viewers run outside the server's process, and in several processes, so that serving them is all
// the server does. Run by viewer-fleet.ts: bun bench/scale/viewer-process.ts '<ViewerTask as JSON>'.
import { startFlvViewer } from "../live/clip.ts";
import { type HlsViewerStats, startHlsViewer } from "./hls-viewer.ts";

export interface ViewerTask {
  kind: "hls" | "flv";
  url: string;
  count: number;
  /** HLS: follow the server's blocking reload, as Arena's player does. */
  blocking: boolean;
  /** Viewers join evenly over this many ms, as real ones do not all arrive at once. */
  spreadMs: number;
  /** Date.now() values: counting starts and the process ends. */
  countFrom: number;
  endAt: number;
}

export interface ViewerReport {
  /** HLS: every viewer's stats. */
  hls?: HlsViewerStats[];
  /** HTTP-FLV: bytes each viewer got inside the window. */
  flvBytes?: number[];
  seconds: number;
  /** CPU this process used inside the window, in % of one core. */
  cpu: number;
}

const perfAt = (wallClock: number) => performance.now() + (wallClock - Date.now());

async function run(task: ViewerTask): Promise<ViewerReport> {
  const countFrom = perfAt(task.countFrom);
  const countUntil = perfAt(task.endAt);
  const viewers: { stop(): Promise<void>; bytes?: () => number; stats?: HlsViewerStats }[] = [];
  for (let i = 0; i < task.count; i++) {
    viewers.push(task.kind === "hls" ? startHlsViewer({ playlistUrl: task.url, blocking: task.blocking, countFrom, countUntil }) : startFlvViewer(task.url));
    await Bun.sleep(task.spreadMs / task.count);
  }
  await Bun.sleep(Math.max(0, countFrom - performance.now()));
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const bytesBefore = viewers.map((v) => v.bytes?.() ?? 0);
  await Bun.sleep(Math.max(0, countUntil - performance.now()));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const flvBytes = task.kind === "flv" ? viewers.map((v, i) => (v.bytes?.() ?? 0) - bytesBefore[i]!) : undefined;
  await Promise.all(viewers.map((v) => v.stop()));
  return {
    ...(task.kind === "hls" ? { hls: viewers.map((v) => v.stats!) } : { flvBytes }),
    seconds,
    cpu: ((cpu.user + cpu.system) / 1e6 / seconds) * 100,
  };
}

if (import.meta.main) {
  const task = JSON.parse(process.argv[2] ?? "{}") as ViewerTask;
  const report = await run(task);
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}
