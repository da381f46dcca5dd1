// Every process bench/scale starts is stopped by its pid on the way out: at the end, on an error,
// when the watchdog fires and on SIGINT/SIGTERM.
import { processTree, stopTree } from "../live/procfs.ts";

/** Pids the parts register as they start servers, publishers and viewers. */
export const started = new Set<number>();

/** Stops what was registered, then whatever is still below this process (a part's helpers that were not), each by its own pid. */
export async function stopEverything(): Promise<void> {
  for (const pid of started) await stopTree(pid, 3000).catch(() => undefined);
  started.clear();
  for (const pid of processTree(process.pid).slice(1)) await stopTree(pid, 2000).catch(() => undefined);
}
