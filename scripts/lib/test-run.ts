// Runs the tests in tiers, files in parallel workers, and ends with where the time went.
// Called by ./scripts/test after the install, lint, build and type check it asks for:
//   bun scripts/lib/test-run.ts                  every tier on SQLite, and the files that open a database on PostgreSQL beside them
//   bun scripts/lib/test-run.ts --quick          the quick tier (tests/tiers.ts) on SQLite
//   bun scripts/lib/test-run.ts --changed [REF]  the files a change against REF (default HEAD) touches, on both databases
//   bun scripts/lib/test-run.ts [--postgres] X…  files, folders or bun test options, on SQLite (or on PostgreSQL only)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Tier, TIERS, tierOf } from "../../tests/tiers.ts";
import { type PostgresCluster, startPostgresCluster } from "./postgres-cluster.ts";
import { allTestFiles, changedFiles, readFromCheckout, runsOnPostgres, testsTouchedBy } from "./test-files.ts";

const root = resolve(import.meta.dir, "../..");
const bun = process.execPath;

type Database = "sqlite" | "postgres";

/** One `bun test` process: a tier's files on one database. */
interface Step {
  name: string;
  database: Database;
  /** Test files, or whatever the caller gave bun test (folders, -t PATTERN…). */
  args: string[];
  workers: number;
  /** Printed as it comes (one step at a time), or kept and printed whole when the step ends (beside another). */
  live: boolean;
}

interface Outcome {
  step: Step;
  passed: number;
  failed: number;
  seconds: number;
  exitCode: number;
  /** Measured seconds per file that ran. */
  files: Map<string, number>;
}

// Per database: the durations measured on this machine (written by each run), then the committed ones a fresh
// clone starts from. bun reads both, starts the slowest files first and writes the first.
const timingFiles = (database: Database) => [join(root, ".cache/test-timings", `${database}.json`), join(root, "tests/timings", `${database}.json`)];

// Two cores: each worker runs a file's server, and chromium or ffmpeg beside it, so two workers keep both busy.
// The PostgreSQL pass beside the SQLite tiers mostly waits on its database, another process.
const WORKERS = Number(process.env.ARENA_TEST_WORKERS ?? 2);
const POSTGRES_WORKERS = Number(process.env.ARENA_TEST_POSTGRES_WORKERS ?? 2);

const args = process.argv.slice(2);
const started = performance.now();
const outcomes = await run(planFor(args));
report(outcomes, (performance.now() - started) / 1000);
process.exit(outcomes.every((outcome) => outcome.exitCode === 0 && outcome.passed > 0) ? 0 : 1);

interface Plan {
  /** Run one after the other. */
  sqlite: Step[];
  /** Run beside the SQLite steps, on a throw-away cluster. */
  postgres?: Step;
}

function planFor(args: string[]): Plan {
  const tests = allTestFiles();
  const onPostgres = (files: string[]) => files.filter((file) => runsOnPostgres(file, readFromCheckout));
  const byTier = (files: string[], tier: Tier) => files.filter((file) => tierOf(file) === tier);
  const sqliteTiers = (files: string[]) =>
    TIERS.map((tier): Step => ({ name: `${tier} tier, SQLite`, database: "sqlite", args: byTier(files, tier), workers: WORKERS, live: true })).filter((step) => step.args.length > 0);
  const postgresStep = (files: string[]): Step | undefined => (files.length > 0 ? { name: "PostgreSQL pass", database: "postgres", args: files, workers: POSTGRES_WORKERS, live: false } : undefined);

  if (args[0] === "--quick") return { sqlite: sqliteTiers(byTier(tests, "quick")) };
  if (args[0] === "--changed") {
    const base = args[1] ?? "HEAD";
    const changed = changedFiles(base);
    const touched = testsTouchedBy(changed, tests, readFromCheckout);
    console.log(`→ ${changed.length} file(s) changed against ${base}; they touch ${touched.length} test file(s).`);
    return { sqlite: sqliteTiers(touched), postgres: postgresStep(onPostgres(touched)) };
  }
  if (args[0] === "--postgres") return { sqlite: [], postgres: { ...postgresStep(args.slice(1))!, live: true } };
  if (args.length > 0) return { sqlite: [{ name: "SQLite", database: "sqlite", args, workers: WORKERS, live: true }] };
  return { sqlite: sqliteTiers(tests), postgres: postgresStep(onPostgres(tests)) };
}

async function run(plan: Plan): Promise<Outcome[]> {
  let cluster: PostgresCluster | undefined;
  const stopCluster = () => cluster?.stop();
  process.on("SIGINT", () => void stopCluster()?.then(() => process.exit(130)));
  try {
    const postgres = plan.postgres
      ? (async () => {
          cluster = await startPostgresCluster();
          return runStep(plan.postgres!, { ARENA_TEST_POSTGRES: cluster.url });
        })()
      : undefined;
    const outcomes: Outcome[] = [];
    for (const step of plan.sqlite) {
      if (plan.sqlite.length > 1 || plan.postgres) console.log(`\n→ ${step.name}: ${describeArgs(step.args)}…`);
      outcomes.push(await runStep(step, step.name.startsWith("quick") ? { ARENA_TEST_TIER: "quick" } : {}));
    }
    if (postgres) {
      if (plan.sqlite.length > 0) console.log(`\n→ ${plan.postgres!.name}: ${describeArgs(plan.postgres!.args)} (ran beside the tiers above)…`);
      outcomes.push(await postgres);
    }
    return outcomes;
  } finally {
    await stopCluster();
  }
}

function describeArgs(args: string[]): string {
  return args.every((arg) => arg.endsWith(".test.ts") || arg.endsWith(".test.tsx")) ? `${args.length} file(s)` : args.join(" ");
}

async function runStep(step: Step, env: Record<string, string>): Promise<Outcome> {
  const [measured, committed] = timingFiles(step.database);
  mkdirSync(resolve(measured!, ".."), { recursive: true });
  if (!existsSync(measured!)) writeFileSync(measured!, JSON.stringify({ version: 1, files: {} }));
  const timings = [measured!, committed!].filter((file) => existsSync(file)).map((file) => `--timings=${file}`);
  const before = readTimings(measured!);
  const log = join(tmpdir(), `arena-tests-${process.pid}-${step.database}-${step.name.replace(/\W+/g, "-")}.log`);
  const started = performance.now();
  // ./scripts/test --soak reads each step's JUnit report.
  const junitDir = process.env.ARENA_TEST_JUNIT_DIR;
  const junit = junitDir ? ["--reporter=junit", `--reporter-outfile=${join(junitDir, `${step.database}-${step.name.replace(/\W+/g, "-")}.xml`)}`] : [];
  const child = Bun.spawn([bun, "test", `--parallel=${step.workers}`, "--timeout", "30000", ...timings, "--update-timings", ...junit, ...step.args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = await Promise.all([copyOut(child.stdout, step.live), copyOut(child.stderr, step.live)]).then((parts) => parts.join("\n"));
  const exitCode = await child.exited;
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(log, output);
  if (!step.live) process.stdout.write(output);
  return { step, exitCode, seconds, ...counts(output), files: measuredFiles(before, readTimings(measured!), output) };
}

/** Reads a stream to its end, echoing it when `live`. */
async function copyOut(stream: ReadableStream<Uint8Array>, live: boolean): Promise<string> {
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    const part = decoder.decode(chunk, { stream: true });
    text += part;
    if (live) process.stdout.write(part);
  }
  return text;
}

function counts(output: string): { passed: number; failed: number } {
  const last = (word: string) => Number([...output.matchAll(new RegExp(`^ *(\\d+) ${word}$`, "gm"))].at(-1)?.[1] ?? 0);
  return { passed: last("pass"), failed: last("fail") };
}

function readTimings(file: string): Record<string, number> {
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { files: Record<string, number> }).files;
  } catch {
    return {};
  }
}

/** The files this step ran (their headers in its output), with the seconds bun measured for each. */
function measuredFiles(before: Record<string, number>, after: Record<string, number>, output: string): Map<string, number> {
  const ran = new Set([...output.matchAll(/^(\S+\.test\.tsx?):$/gm)].map((match) => match[1]!));
  const files = new Map<string, number>();
  for (const file of ran) {
    const ms = after[file] ?? before[file];
    if (ms !== undefined) files.set(file, ms / 1000);
  }
  return files;
}

function report(outcomes: Outcome[], seconds: number): void {
  const slowest = outcomes
    .flatMap((outcome) => [...outcome.files].map(([file, fileSeconds]) => ({ file, fileSeconds, where: outcome.step.database === "postgres" ? "PostgreSQL" : tierOf(file) })))
    .sort((a, b) => b.fileSeconds - a.fileSeconds)
    .slice(0, 15);
  console.log("\nThe 15 slowest files:");
  for (const { file, fileSeconds, where } of slowest) console.log(`  ${fileSeconds.toFixed(1).padStart(6)} s  ${file} (${where})`);
  console.log("\nTiers:");
  for (const { step, passed, failed, seconds: stepSeconds, files } of outcomes) {
    console.log(
      `  ${step.name.padEnd(22)} ${String(files.size).padStart(4)} files  ${String(passed).padStart(5)} passed  ${String(failed).padStart(3)} failed  ${stepSeconds.toFixed(0).padStart(5)} s`,
    );
  }
  const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
  const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
  console.log(
    `Tests: ${passed} passed, ${failed} failed, in ${formatDuration(seconds)} (${WORKERS} workers on SQLite${outcomes.some((o) => o.step.database === "postgres") ? `, ${POSTGRES_WORKERS} on PostgreSQL` : ""})`,
  );
}

function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, "0")} s`;
}
