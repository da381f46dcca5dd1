import { mkdirSync, readFileSync, rmdirSync } from "node:fs";
import { join } from "node:path";

/**
 * A test file's processor time, every process it started included. The kernel's cpuacct group counts it exactly
 * (a process stays in its group whoever becomes its parent: chromium's zygote leaves its renderers to init, and
 * the rusage of a waited-for child misses them, a third of a browser journey). Where the group cannot be made
 * (not root, no cgroup v1 cpuacct), the waited-for children's rusage.
 */
interface CpuAccount {
  /** The command, made to enter the group before it runs. */
  command: string[];
  /** After the command ended: its processor time, and the processes it left running, which it stops. */
  close(rusageSeconds: number): Promise<{ seconds: number; leftBehind: string[] }>;
}

const CPUACCT = "/sys/fs/cgroup/cpuacct";
let accounts = 0;

export function cpuAccount(command: string[]): CpuAccount {
  const group = join(CPUACCT, `arena-test-${process.pid}-${++accounts}`);
  try {
    mkdirSync(group);
  } catch {
    return { command, close: async (rusageSeconds) => ({ seconds: rusageSeconds, leftBehind: [] }) };
  }
  return {
    command: ["sh", "-c", `echo $$ > ${group}/cgroup.procs && exec "$@"`, "sh", ...command],
    async close() {
      const seconds = Number(readFileSync(join(group, "cpuacct.usage"), "utf8")) / 1e9;
      const leftBehind = stopLeftBehind(group);
      for (let tries = 0; tries < 50 && processesIn(group).length > 0; tries++) await Bun.sleep(20);
      try {
        rmdirSync(group);
      } catch {
        // A process that outlived its SIGKILL (stuck in the kernel): the group stays until the machine restarts.
      }
      return { seconds, leftBehind };
    },
  };
}

/** The group's processes still running once the file ended, by name, then killed: they would slow every file after. */
function stopLeftBehind(group: string): string[] {
  const pids = processesIn(group);
  const names = pids.map((pid) => {
    try {
      return `${readFileSync(`/proc/${pid}/comm`, "utf8").trim()} (${pid})`;
    } catch {
      return String(pid);
    }
  });
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone meanwhile.
    }
  }
  return names;
}

function processesIn(group: string): number[] {
  return readFileSync(join(group, "cgroup.procs"), "utf8").split("\n").filter(Boolean).map(Number);
}
