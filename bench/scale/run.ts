// bench/scale: how Arena's cost grows with the work (issue 17, "Measure the growth"), beside the
// references, one part after the other. Each part starts its own servers on free loopback ports,
// writes its section of docs/benchmarks.md and its charts; every process is stopped by its pid at
// the end, on an error, on SIGINT/SIGTERM and when the watchdog ends an overlong run.
// Run: ./scripts/bench-scale [--part streams,memory] [--quick]
//   --part: the parts to run, comma-separated or repeated (default: all of them, in the order below);
//   --quick: fewer steps and shorter windows, to try the bench (its figures are marked as such).
import { parseArgs } from "node:util";
import { measureData, measureEventsData } from "./data.ts";
import { measureMemory } from "./memory.ts";
import { stopEverything } from "./processes.ts";
import { measureStreams } from "./streams.ts";
import { measureViewers } from "./viewers.ts";

interface Part {
  run(options: { quick: boolean }): Promise<void>;
  /** The most a full run of the part may take; the watchdog allows the sum of the parts run. */
  limitMinutes: number;
}

const PARTS: Record<string, Part> = {
  streams: { run: measureStreams, limitMinutes: 20 },
  memory: { run: measureMemory, limitMinutes: 10 },
  viewers: { run: measureViewers, limitMinutes: 25 },
  data: { run: measureData, limitMinutes: 25 },
  events: { run: measureEventsData, limitMinutes: 30 },
};

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { part: { type: "string", multiple: true }, quick: { type: "boolean", default: false } } });
const names = values.part?.flatMap((p) => p.split(",")).filter(Boolean) ?? Object.keys(PARTS);
const unknown = names.filter((name) => !(name in PARTS));
if (unknown.length) {
  console.error(`bench/scale: unknown part ${unknown.join(", ")}; the parts are ${Object.keys(PARTS).join(", ")}`);
  process.exit(2);
}

const limitMs = names.reduce((sum, name) => sum + PARTS[name]!.limitMinutes, 0) * 60_000;
const watchdog = setTimeout(async () => {
  console.error(`bench/scale: still running after ${limitMs / 60_000} min, stopping everything`);
  await stopEverything();
  process.exit(1);
}, limitMs);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await stopEverything();
    process.exit(130);
  });
}

let failed = false;
for (const name of names) {
  const startedAt = performance.now();
  console.log(`\n=== bench/scale: ${name}${values.quick ? " (quick)" : ""} ===`);
  try {
    await PARTS[name]!.run({ quick: values.quick });
    console.log(`=== ${name} done in ${((performance.now() - startedAt) / 1000).toFixed(0)} s ===`);
  } catch (error) {
    failed = true;
    console.error(`bench/scale: ${name} failed: ${(error as Error).stack ?? error}`);
  } finally {
    await stopEverything();
  }
}
clearTimeout(watchdog);
process.exit(failed ? 1 : 0);
