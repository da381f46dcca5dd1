// What the bench's processes share: the message text that carries its send time, the lines a reader
// process writes on stdout, and the processes' CPU and memory read from /proc.
import { readdirSync, readFileSync } from "node:fs";

/** The chat text of message `seq`, sent at `sentAt` (Date.now() of the writer). */
export const messageText = (seq: number, sentAt: number, warm = false) => `${warm ? "warm " : ""}t=${sentAt} seq=${seq}`;

const TEXT = /^t=(\d+) seq=(\d+)$/;

/** Send time and sequence number of a measured message, or undefined for a warm-up or foreign text. */
export function parseText(text: unknown): { sentAt: number; seq: number } | undefined {
  const match = typeof text === "string" ? TEXT.exec(text) : null;
  return match ? { sentAt: Number(match[1]), seq: Number(match[2]) } : undefined;
}

/** One JSON line on a reader process's stdout. */
export type ReaderLine =
  | { type: "ready"; joined: number; failed: number; connectMs: number }
  | { type: "progress"; delivered: number }
  | {
      type: "result";
      /** [latency in ms, count] pairs, latency = arrival − send (both Date.now()). */
      histogram: [number, number][];
      delivered: number;
      duplicates: number;
      /** Per message (index = seq): earliest and latest latency among this process's readers, −1 if none. */
      firstMs: number[];
      lastMs: number[];
      disconnects: number;
    };

const CLK_TCK = Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim()) || 100;

/** The pid and its live descendants. */
function processTree(pid: number): number[] {
  const out = [pid];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tasks) {
    let children = "";
    try {
      children = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8");
    } catch {}
    for (const child of children.split(/\s+/).filter(Boolean)) out.push(...processTree(Number(child)));
  }
  return out;
}

/** utime+stime+cutime+cstime of a process and its descendants, in seconds; RSS of the tree in MiB. */
export function sampleProcess(pid: number): { cpuSeconds: number; rssMiB: number } {
  let ticks = 0;
  let rssKiB = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      // After "(comm) ": state ppid … utime(14) stime(15) cutime(16) cstime(17); index = field − 3.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      rssKiB += Number(readFileSync(`/proc/${p}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1] ?? 0);
    } catch {}
  }
  return { cpuSeconds: ticks / CLK_TCK, rssMiB: rssKiB / 1024 };
}

/** Busy CPU seconds of the whole machine (all cores) since boot, from the first line of /proc/stat. */
export function machineBusySeconds(): number {
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / CLK_TCK;
}
