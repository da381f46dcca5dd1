// CPU and memory of a process and everything it started, read from /proc: the CPU time of live
// descendants plus what the kernel has already added to their parents for the ones that exited
// (cutime/cstime), so short-lived jobs like thumbnails are counted too.
import { readdirSync, readFileSync } from "node:fs";

const CLK_TCK = Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim()) || 100;

/** The pid and all its live descendants (through /proc/<pid>/task/<tid>/children). */
export function processTree(pid: number): number[] {
  const out: number[] = [];
  const visit = (p: number) => {
    out.push(p);
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      return;
    }
    for (const tid of tasks) {
      let children = "";
      try {
        children = readFileSync(`/proc/${p}/task/${tid}/children`, "utf8");
      } catch {}
      for (const child of children.split(/\s+/).filter(Boolean)) visit(Number(child));
    }
  };
  visit(pid);
  return out;
}

/** utime+stime (own) and with cutime+cstime (all), in clock ticks, or undefined when the process is gone. */
function ticks(pid: number): { own: number; all: number; name: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After the command: state(3) ppid(4) … utime(14) stime(15) cutime(16) cstime(17); index = n - 3.
    const own = Number(fields[11]) + Number(fields[12]);
    return { own, all: own + Number(fields[13]) + Number(fields[14]), name };
  } catch {
    return undefined;
  }
}

export function rssKiB(pid: number): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * Memory of a process tree as an operator would count it, in KiB: the root's RSS, plus each
 * descendant's anonymous RSS (its own data), plus the file-backed RSS of the largest descendant
 * once: ten ffmpeg jobs map the same libraries (~40 MiB each), which a sum of RSS counts ten times.
 */
export function treeMemoryKiB(pid: number): number {
  const [root, ...children] = processTree(pid);
  let anon = 0;
  let files = 0;
  for (const child of children) {
    try {
      const status = readFileSync(`/proc/${child}/status`, "utf8");
      anon += Number(status.match(/^RssAnon:\s+(\d+)\s+kB/m)?.[1] ?? 0);
      files = Math.max(files, Number(status.match(/^RssFile:\s+(\d+)\s+kB/m)?.[1] ?? 0));
    } catch {}
  }
  return rssKiB(root!) + anon + files;
}

interface TreeSample {
  at: number;
  ticks: number;
  rssKiB: number;
  processes: number;
  /** The root's own ticks (utime+stime). */
  selfTicks: number;
  /** Ticks of each live descendant, by pid, with its command name. */
  children: Map<number, { name: string; ticks: number }>;
}

function sampleTree(pid: number): TreeSample {
  const pids = processTree(pid);
  let total = 0;
  let rss = 0;
  let selfTicks = 0;
  const children = new Map<number, { name: string; ticks: number }>();
  for (const p of pids) {
    const t = ticks(p);
    total += t?.all ?? 0;
    rss += rssKiB(p);
    if (p === pid) selfTicks = t?.own ?? 0;
    else if (t) children.set(p, { name: t.name, ticks: t.all });
  }
  return { at: performance.now(), ticks: total, rssKiB: rss, processes: pids.length, selfTicks, children };
}

export interface Usage {
  /** Percent of one core over the window, the whole tree. */
  cpu: number;
  /** Split: the root process itself, each descendant that lived through the whole window, and the rest (jobs that started or ended inside it). */
  parts: { name: string; cpu: number }[];
  rssMeanMiB: number;
  rssMaxMiB: number;
  maxProcesses: number;
  seconds: number;
}

/** Samples the tree every `everyMs` for `seconds`; CPU from the first and last sample. */
export async function measureTree(pid: number, seconds: number, everyMs = 1000): Promise<Usage> {
  const samples: TreeSample[] = [sampleTree(pid)];
  const end = samples[0]!.at + seconds * 1000;
  while (performance.now() < end) {
    await Bun.sleep(Math.min(everyMs, end - performance.now()));
    samples.push(sampleTree(pid));
  }
  const first = samples[0]!;
  const last = samples.at(-1)!;
  const wall = (last.at - first.at) / 1000;
  const pct = (t: number) => (t / CLK_TCK / wall) * 100;
  const rss = samples.map((s) => s.rssKiB / 1024);
  const parts = [{ name: "main process", cpu: pct(last.selfTicks - first.selfTicks) }];
  let accounted = last.selfTicks - first.selfTicks;
  for (const [child, end] of last.children) {
    const start = first.children.get(child);
    if (!start) continue;
    parts.push({ name: `${end.name} (pid ${child}, whole window)`, cpu: pct(end.ticks - start.ticks) });
    accounted += end.ticks - start.ticks;
  }
  parts.push({ name: "short-lived jobs", cpu: pct(last.ticks - first.ticks - accounted) });
  return {
    cpu: pct(last.ticks - first.ticks),
    parts,
    rssMeanMiB: rss.reduce((a, b) => a + b, 0) / rss.length,
    rssMaxMiB: Math.max(...rss),
    maxProcesses: Math.max(...samples.map((s) => s.processes)),
    seconds: wall,
  };
}

/**
 * Stops a process and whatever it started, each by its own pid: SIGTERM to the root, then SIGKILL
 * to every pid of the tree (collected before) that is still there after `graceMs`.
 */
export async function stopTree(pid: number, graceMs = 5000, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  const pids = processTree(pid);
  const alive = (p: number) => {
    try {
      process.kill(p, 0);
      // A zombie (exited, not yet reaped by its parent) is gone for our purpose.
      return !/^State:\s+Z/m.test(readFileSync(`/proc/${p}/status`, "utf8"));
    } catch {
      return false;
    }
  };
  try {
    process.kill(pid, signal);
  } catch {}
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && pids.some(alive)) await Bun.sleep(50);
  for (const p of pids.filter(alive)) {
    try {
      process.kill(p, "SIGKILL");
    } catch {}
  }
}

/** Busy ticks of the whole machine (all cores), from the first line of /proc/stat. */
function machineBusyTicks(): number {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return user + nice + system + irq + softirq + steal;
}

/**
 * How busy the machine was with work that is not this process or anything it started (other
 * people's jobs on a shared machine), in cores, between start and stop.
 */
export function foreignLoad() {
  const mine = () => processTree(process.pid).reduce((sum, p) => sum + (ticks(p)?.all ?? 0), 0);
  const start = { at: performance.now(), busy: machineBusyTicks(), mine: mine() };
  return {
    stop() {
      const wall = (performance.now() - start.at) / 1000;
      const busy = (machineBusyTicks() - start.busy) / CLK_TCK / wall;
      const ours = (mine() - start.mine) / CLK_TCK / wall;
      return { othersCores: Math.max(0, busy - ours), oursCores: ours };
    },
  };
}
