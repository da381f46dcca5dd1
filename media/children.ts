import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { SpawnOptions, Subprocess } from "bun";

/**
 * Every ffmpeg and ffprobe Arena starts goes through here, so that none outlives a killed Arena:
 * - on Linux it is started through util-linux's `setpriv --pdeathsig`, so the kernel sends it SIGTERM
 *   (ffmpeg's signal to finish its file and quit) the moment Arena dies, even by `kill -9`;
 * - it carries the data folder in its environment, so the next start finds and ends any job left
 *   from the same folder (where setpriv is missing, or the job ignored the signal) before it starts
 *   new ones or turns half-written recordings into replays.
 */

const OWNER_VARIABLE = "ARENA_DATA_DIR";
const SETPRIV = process.platform === "linux" ? Bun.which("setpriv") : null;

// One Arena per process (node-media-server is a singleton too): its start names the folder it owns.
let owner: string | undefined;

export function ownChildrenBy(dataDir: string): void {
  owner = resolve(dataDir);
}

type Options = SpawnOptions.OptionsObject<SpawnOptions.Writable, SpawnOptions.Readable, SpawnOptions.Readable>;

/** `command`, wrapped so that the kernel sends it `signal` when this process dies (unchanged where setpriv is missing). */
export function diesWithThisProcess(command: string[], signal: "SIGTERM" | "SIGKILL" = "SIGTERM"): string[] {
  return SETPRIV ? [SETPRIV, "--pdeathsig", signal, "--", ...command] : command;
}

export function spawnMediaTool<const O extends Options>(command: string[], options: O): Subprocess<O["stdin"], O["stdout"], O["stderr"]> {
  const env = owner ? { ...process.env, [OWNER_VARIABLE]: owner } : process.env;
  return Bun.spawn(diesWithThisProcess(command), { ...options, env }) as Subprocess<O["stdin"], O["stdout"], O["stderr"]>;
}

/** Processes whose environment names `dataDir` as their owner, other than this process's own children. */
export function leftoverChildren(dataDir: string): number[] {
  if (!existsSync("/proc/self/environ")) return [];
  const marker = `${OWNER_VARIABLE}=${resolve(dataDir)}\0`;
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const environment = readProcFile(pid, "environ");
    if (!environment?.includes(marker) || parentOf(pid) === process.pid) continue;
    found.push(pid);
  }
  return found;
}

/** Ends the jobs an earlier run on the same folder left behind, and waits until they are gone. */
export async function endLeftoverChildren(dataDir: string, log: (line: string) => void): Promise<void> {
  const pids = leftoverChildren(dataDir);
  if (pids.length === 0) return;
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  const deadline = Date.now() + 5000;
  while (pids.some(isRunning) && Date.now() < deadline) await Bun.sleep(20);
  log(`[media] ended ${pids.length} media job(s) left running by an earlier run on this data folder`);
}

function readProcFile(pid: number, name: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${name}`, "latin1");
  } catch {
    return undefined; // gone meanwhile, or another user's
  }
}

function parentOf(pid: number): number | undefined {
  // Field 4 of stat, after the command name in parentheses (which may itself hold spaces).
  const stat = readProcFile(pid, "stat");
  return stat ? Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) : undefined;
}

/** A zombie has ended: it only waits for its parent to read its exit code. */
export function isRunning(pid: number): boolean {
  const stat = readProcFile(pid, "stat");
  return stat !== undefined && stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
}
