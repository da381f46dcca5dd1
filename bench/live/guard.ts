import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stopTree } from "./procfs.ts";

/**
 * What every bench run needs around it: a temp folder, the pids it started, and a watchdog and signal
 * handlers that stop them all (by pid) and remove the folder when the run overstays or is interrupted.
 * `finish()` does the same at a normal end.
 */
export function guardBenchRun(name: string, limitMs: number) {
  const tempDir = mkdtempSync(join(tmpdir(), `arena-bench-${name}-`));
  const started = new Set<number>();
  const cleanup = async () => {
    for (const pid of started) await stopTree(pid, 3000).catch(() => undefined);
    started.clear();
    rmSync(tempDir, { recursive: true, force: true });
  };
  const watchdog = setTimeout(async () => {
    console.error(`bench/live/${name}: over ${limitMs / 1000} s, stopping everything`);
    await cleanup();
    process.exit(1);
  }, limitMs);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, async () => {
      await cleanup();
      process.exit(130);
    });
  }
  return {
    tempDir,
    started,
    async finish() {
      clearTimeout(watchdog);
      await cleanup();
    },
  };
}
