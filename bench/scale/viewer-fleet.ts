// Many light viewers of one address, spread over a few processes of their own (viewer-process.ts),
// counted over one window of wall-clock time, and what they saw, added up.
import { join } from "node:path";
import type { ViewerReport, ViewerTask } from "./viewer-process.ts";

export interface FleetResult {
  viewers: number;
  /** Whole request (to the last byte), ms. */
  segmentP50?: number;
  segmentP99?: number;
  playlistP99?: number;
  /** Everything the viewers got, per second. */
  bytesPerSecond: number;
  /** HLS: no viewer more than one segment behind the newest listed, none missed; HTTP-FLV: every viewer got the stream's rate. */
  keptUp: number;
  /** HLS: the most segments any viewer was behind. */
  maxBehind?: number;
  missed: number;
  /** HTTP-FLV: the slowest viewer's share of the stream's rate. */
  slowestShare?: number;
  /** The viewer processes' CPU, % of one core, summed. */
  clientCpu: number;
}

function percentile(sorted: number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs `viewers` viewers in processes of at most `perProcess` each; resolves once every process has
 * reported (after `task.endAt`). `streamBytesPerSecond`: the live's rate, which an HTTP-FLV viewer that keeps up gets.
 */
export async function runFleet(task: Omit<ViewerTask, "count">, viewers: number, perProcess: number, streamBytesPerSecond: number, started: Set<number>): Promise<FleetResult> {
  const counts: number[] = [];
  for (let left = viewers; left > 0; left -= perProcess) counts.push(Math.min(perProcess, left));
  const reports = await Promise.all(counts.map((count) => runProcess({ ...task, count }, started)));
  const seconds = Math.max(...reports.map((r) => r.seconds));
  const cpu = reports.reduce((sum, r) => sum + r.cpu, 0);
  if (task.kind === "flv") {
    const rates = reports.flatMap((r) => r.flvBytes ?? []).map((bytes) => bytes / seconds);
    const total = rates.reduce((a, b) => a + b, 0);
    return {
      viewers,
      bytesPerSecond: total,
      keptUp: rates.filter((rate) => rate >= 0.9 * streamBytesPerSecond).length,
      missed: 0,
      slowestShare: Math.min(...rates) / streamBytesPerSecond,
      clientCpu: cpu,
    };
  }
  const stats = reports.flatMap((r) => r.hls ?? []);
  const segments = stats.flatMap((s) => s.segmentMs).sort((a, b) => a - b);
  const playlists = stats.flatMap((s) => s.playlistMs).sort((a, b) => a - b);
  return {
    viewers,
    segmentP50: percentile(segments, 50),
    segmentP99: percentile(segments, 99),
    playlistP99: percentile(playlists, 99),
    bytesPerSecond: stats.reduce((sum, s) => sum + s.bytes, 0) / seconds,
    keptUp: stats.filter((s) => s.segments > 0 && s.maxBehind <= 1 && s.missed === 0).length,
    maxBehind: Math.max(0, ...stats.map((s) => s.maxBehind)),
    missed: stats.reduce((sum, s) => sum + s.missed + s.errors, 0),
    clientCpu: cpu,
  };
}

async function runProcess(task: ViewerTask, started: Set<number>): Promise<ViewerReport> {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, "viewer-process.ts"), JSON.stringify(task)], {
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    // Bun's fetch holds at most 256 requests at once per process by default; a process of viewers may have more open.
    env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "2048" },
  });
  started.add(proc.pid);
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  started.delete(proc.pid);
  const line = out.trim().split("\n").at(-1);
  if (code !== 0 || !line) throw new Error(`a viewer process failed (${code}): ${err.slice(-2000)}`);
  return JSON.parse(line) as ViewerReport;
}
