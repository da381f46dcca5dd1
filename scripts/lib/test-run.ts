// Runs test files in parallel, slowest first, and ends with where the time went.
// Called by ./scripts/test after the install, lint, build and type check it asks for:
//   bun scripts/lib/test-run.ts                  every tier on SQLite, and the files that open a database on PostgreSQL too
//   bun scripts/lib/test-run.ts --quick          the quick tier (tests/tiers.ts) on SQLite
//   bun scripts/lib/test-run.ts --changed [REF]  the files a change against REF (default HEAD) touches, on both databases
//   bun scripts/lib/test-run.ts --postgres F…    those test files on PostgreSQL
//   bun scripts/lib/test-run.ts X…               those test files on SQLite; anything else (a folder, -t PATTERN) goes to one bun test
//
// Each file runs in a `bun test` process of its own, in a few slots shared by every tier and both databases: the
// slowest files (by the durations of earlier runs) start first, so the run ends on short files, and a file's
// output is printed whole when it ends. bun's own --parallel cuts the files into one contiguous chunk per worker,
// which left a four-minute browser journey to start last (docs/decisions.md, "A fast, tiered suite").
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { mediaTierRefusal, type Tier, TIERS, tierOf } from "../../tests/tiers.ts";
import { cpuAccount } from "./cpu-account.ts";
import { type PostgresCluster, startPostgresCluster } from "./postgres-cluster.ts";
import { allTestFiles, changedFiles, readFromCheckout, runsOnPostgres, testsTouchedBy } from "./test-files.ts";

const root = resolve(import.meta.dir, "../..");
const bun = process.execPath;

type Database = "sqlite" | "postgres";

interface Job {
  file: string;
  tier: Tier;
  database: Database;
}

interface Result extends Job {
  passed: number;
  failed: number;
  exitCode: number;
  startedAt: number;
  endedAt: number;
  /** The file's processor time, with every process it started (chromium, ffmpeg, its servers: scripts/lib/cpu-account.ts). */
  cpuSeconds: number;
}

// Two cores. The quick tier runs three files at a time: a third slot fills the time files spend waiting.
// The whole run takes two: one browser journey at a time (one alone keeps both cores busy: chromium, the server,
// its lives), beside the files that mostly wait (lives in real time, database round trips). Two journeys side by
// side beside the other files were slower than one after the other and starved players; a third slot open to every
// file made the journeys the run's longest slot (docs/benchmarks.md, "Test suite in parallel"). Once the other files
// are done, the second slot takes journeys too.
const SLOTS = Number(process.env.ARENA_TEST_WORKERS ?? (process.argv[2] === "--quick" ? 3 : 2));
const BROWSER_SLOTS = Number(process.env.ARENA_TEST_BROWSER_WORKERS ?? 1);
// Beside them, one slot more for the files that mostly wait (a live in real time, a grace window, PostgreSQL's
// answers): those whose processor time was under LIGHT_SHARE of their own seconds when last measured. Their waiting
// filled half the two slots' time; a third slot open to every file overloaded the cores instead.
const LIGHT_SLOTS = Number(process.env.ARENA_TEST_LIGHT_WORKERS ?? (process.argv[2] === "--quick" ? 0 : 1));
const LIGHT_SHARE = 0.5;
// A hang detector, not a timing: beside two other files a browser journey that takes 20 s alone can take 40 s.
// A test that needs longer says so itself.
const TEST_TIMEOUT_MS = 60_000;

const args = process.argv.slice(2);
if (args.length > 0 && !args[0]!.startsWith("--") && !args.every(isTestFile)) {
  // Folders, name patterns and other bun test options: bun test takes them as they are, on SQLite.
  const child = Bun.spawn([bun, "test", "--timeout", String(TEST_TIMEOUT_MS), ...args], { cwd: root, stdio: ["inherit", "inherit", "inherit"] });
  process.exit(await child.exited);
}

const started = performance.now();
const busyAtStart = machineBusy();
const jobs = jobsFor(args);
const { results, postgresCpuSeconds } = await runAll(jobs);
report(results, (performance.now() - started) / 1000, busyAtStart, postgresCpuSeconds);
const complete = results.length === jobs.length && results.every((result) => result.exitCode === 0 && result.failed === 0);
process.exit(complete && results.some((result) => result.passed > 0) ? 0 : 1);

function isTestFile(arg: string): boolean {
  return /\.test\.tsx?$/.test(arg) && existsSync(resolve(root, arg));
}

function jobsFor(args: string[]): Job[] {
  const tests = allTestFiles();
  const onSqlite = (files: string[]) => files.map((file): Job => ({ file, tier: tierOf(file), database: "sqlite" }));
  const onPostgres = (files: string[]) => files.filter((file) => runsOnPostgres(file, readFromCheckout)).map((file): Job => ({ file, tier: tierOf(file), database: "postgres" }));
  const normalise = (files: string[]) => files.map((file) => file.replace(/^\.\//, ""));

  if (args[0] === "--quick") return onSqlite(tests.filter((file) => tierOf(file) === "quick"));
  if (args[0] === "--changed") {
    const base = args[1] ?? "HEAD";
    const changed = changedFiles(base);
    const touched = testsTouchedBy(changed, tests, readFromCheckout);
    console.log(`→ ${changed.length} file(s) changed against ${base}; they touch ${touched.length} test file(s).`);
    return [...onSqlite(touched), ...onPostgres(touched)];
  }
  if (args[0] === "--postgres") return normalise(args.slice(1)).map((file) => ({ file, tier: tierOf(file), database: "postgres" }));
  if (args.length > 0) return onSqlite(normalise(args));
  return [...onSqlite(tests), ...onPostgres(tests)];
}

async function runAll(jobs: Job[]): Promise<{ results: Result[]; postgresCpuSeconds?: number }> {
  const needsPostgres = jobs.some((job) => job.database === "postgres");
  let cluster: PostgresCluster | undefined;
  // What the files of one run share, such as the seeded DEMO community (tests/fixtures/demo-template.ts).
  const runDir = mkdtempSync(join(tmpdir(), "arena-test-run-"));
  process.env.ARENA_TEST_RUN_DIR = runDir;
  const refusingTools = writeRefusingMediaTools(runDir);
  const cleanUp = async () => {
    await cluster?.stop();
    rmSync(runDir, { recursive: true, force: true });
  };
  // Stopped by hand or by CI: the throw-away PostgreSQL cluster and the run's folder go too.
  process.on("SIGINT", () => void cleanUp().then(() => process.exit(130)));
  process.on("SIGTERM", () => void cleanUp().then(() => process.exit(143)));
  try {
    if (needsPostgres) cluster = await startPostgresCluster();
    const expected = { sqlite: readTimings("sqlite"), postgres: readTimings("postgres") };
    // Longest first. A file not yet timed on PostgreSQL is guessed from its time on SQLite; a file never timed
    // (a new one) goes first of all, as it may be long.
    const timingOf = (job: Job) => expected[job.database].files[job.file] ?? expected.sqlite.files[job.file];
    const expectedOf = (job: Job) => timingOf(job) ?? Number.POSITIVE_INFINITY;
    const mostlyWaits = (job: Job) => {
      const cpu = expected[job.database].cpu[job.file];
      return cpu !== undefined && cpu < LIGHT_SHARE * (timingOf(job) ?? 0);
    };
    const isLight = (job: Job) => job.tier !== "browser" && mostlyWaits(job);
    const queue = [...jobs].sort((a, b) => expectedOf(b) - expectedOf(a));
    const counts = `${jobs.filter((job) => job.database === "sqlite").length} file(s) on SQLite${needsPostgres ? `, ${jobs.filter((job) => job.database === "postgres").length} on PostgreSQL` : ""}`;
    const light = LIGHT_SLOTS > 0 ? ` and ${LIGHT_SLOTS} more for files that mostly wait` : "";
    console.log(`→ Running ${counts}, ${SLOTS} at a time (${BROWSER_SLOTS} browser journeys at most)${light}, slowest first…`);
    const results: Result[] = [];
    // A browser slot takes the journeys first, one after the other: they are most of the run and cannot share.
    const slot = async (kind: "browser" | "any" | "light") => {
      const next = () => {
        // The browser slot leaves the journeys that mostly wait to the light slot (below) while it has others.
        const busyJourney = queue.findIndex((job) => job.tier === "browser" && !mostlyWaits(job));
        const journey = kind === "browser" ? (busyJourney >= 0 ? busyJourney : queue.findIndex((job) => job.tier === "browser")) : -1;
        let index = journey >= 0 ? journey : queue.findIndex((job) => (kind === "light" ? isLight(job) : job.tier !== "browser"));
        // Its own files done, the light slot would idle to the end: a journey that mostly waits (a live to record, a
        // clip to cut) goes there, off the browser slot that is the run's length.
        if (index < 0 && kind === "light") index = queue.findIndex((job) => job.tier === "browser" && mostlyWaits(job));
        // Once no other file is left, an "any" slot takes the last (shortest) journeys beside the browser slot's:
        // alone, one journey keeps about one core busy, and the other would idle until the end.
        if (index < 0 && kind === "any") index = queue.findLastIndex((job) => job.tier === "browser");
        return index < 0 ? undefined : queue.splice(index, 1)[0];
      };
      for (let job = next(); job; job = next()) results.push(await runJob(job, cluster?.url, refusingTools));
    };
    const slots = Math.min(SLOTS, jobs.length);
    const kinds = Array.from({ length: slots }, (_, index) => (index < BROWSER_SLOTS ? "browser" : "any") as "browser" | "any");
    await Promise.all([...kinds.map((kind) => slot(kind)), ...Array.from({ length: LIGHT_SLOTS }, () => slot("light"))]);
    saveTimings(results);
    return { results, postgresCpuSeconds: cluster?.cpuSeconds() };
  } finally {
    await cleanUp();
  }
}

async function runJob(job: Job, postgresUrl: string | undefined, refusingTools: string): Promise<Result> {
  const env: Record<string, string> = { ...process.env } as Record<string, string>;
  if (job.tier === "quick") {
    env.ARENA_TEST_TIER = "quick";
    // tests/preload.ts refuses ffmpeg inside the test file; these refuse it in the processes the file starts.
    env.PATH = `${refusingTools}:${env.PATH}`;
    env.ARENA_TEST_FILE = job.file;
  }
  if (job.database === "postgres") env.ARENA_TEST_POSTGRES = postgresUrl!;
  else delete env.ARENA_TEST_POSTGRES;
  // ./scripts/test --soak reads each file's JUnit report.
  const junitDir = process.env.ARENA_TEST_JUNIT_DIR;
  const junit = junitDir ? ["--reporter=junit", `--reporter-outfile=${join(junitDir, `${job.database}-${job.file.replace(/\W+/g, "-")}.xml`)}`] : [];
  const startedAt = performance.now();
  const account = cpuAccount([bun, "test", "--timeout", String(TEST_TIMEOUT_MS), ...junit, `./${job.file}`]);
  const child = Bun.spawn(account.command, { cwd: root, env, stdout: "pipe", stderr: "pipe" });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  const exitCode = await child.exited;
  const endedAt = performance.now();
  const { seconds: cpuSeconds, leftBehind } = await account.close(Number(child.resourceUsage()?.cpuTime.total ?? 0n) / 1e6);
  const leftNote = leftBehind.length ? `\n⚠ ${job.file} left ${leftBehind.length} process(es) running, now stopped: ${leftBehind.join(", ")}` : "";
  const output = `${out}${err}${leftNote}`;
  const seconds = (endedAt - startedAt) / 1000;
  process.stdout.write(`\n── ${job.file} (${job.tier}, ${job.database === "postgres" ? "PostgreSQL" : "SQLite"}, ${seconds.toFixed(1)} s, ${cpuSeconds.toFixed(0)} s of CPU) ──\n${output.trim()}\n`);
  return { ...job, ...counts(output), exitCode, startedAt, endedAt, cpuSeconds };
}

/**
 * `ffmpeg` and `ffprobe` that refuse to run, first on the quick tier's PATH: a process a quick file starts (a stand-in
 * Arena, a script) is not loaded with tests/preload.ts, and a machine without ffmpeg would fail it only there.
 */
function writeRefusingMediaTools(runDir: string): string {
  const folder = join(runDir, "quick-tier-bin");
  mkdirSync(folder);
  for (const tool of ["ffmpeg", "ffprobe"]) {
    const refusal = mediaTierRefusal("$ARENA_TEST_FILE", tool).replaceAll('"', '\\"');
    writeFileSync(join(folder, tool), `#!/bin/sh\necho "${refusal}" >&2\nexit 1\n`, { mode: 0o755 });
  }
  return folder;
}

function counts(output: string): { passed: number; failed: number } {
  const last = (word: string) => Number([...output.matchAll(new RegExp(`^ *(\\d+) ${word}$`, "gm"))].at(-1)?.[1] ?? 0);
  return { passed: last("pass"), failed: last("fail") };
}

// Per database: the durations measured on this machine (each run writes them), else the committed ones a fresh
// clone starts from (refreshed by copying the first over the second). A function declaration: the run above
// calls it before this line is reached.
function timingFiles(database: Database) {
  return { measured: join(root, ".cache/test-timings", `${database}.json`), committed: join(root, "tests/timings", `${database}.json`) };
}

/** Per file: its milliseconds, and the milliseconds of processor it used with everything it started. */
interface Timings {
  files: Record<string, number>;
  cpu: Record<string, number>;
}

function readTimings(database: Database): Timings {
  const { measured, committed } = timingFiles(database);
  const [before, after] = [readTimingFile(committed), readTimingFile(measured)];
  return { files: { ...before.files, ...after.files }, cpu: { ...before.cpu, ...after.cpu } };
}

function readTimingFile(file: string): Timings {
  try {
    const read = JSON.parse(readFileSync(file, "utf8")) as Partial<Timings>;
    return { files: read.files ?? {}, cpu: read.cpu ?? {} };
  } catch {
    return { files: {}, cpu: {} };
  }
}

function saveTimings(results: Result[]): void {
  for (const database of ["sqlite", "postgres"] as const) {
    const ran = results.filter((result) => result.database === database);
    if (ran.length === 0) continue;
    const { measured } = timingFiles(database);
    const { files, cpu } = readTimingFile(measured);
    for (const result of ran) {
      files[result.file] = Math.round(result.endedAt - result.startedAt);
      cpu[result.file] = Math.round(result.cpuSeconds * 1000);
    }
    mkdirSync(resolve(measured, ".."), { recursive: true });
    const sorted = (record: Record<string, number>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(measured, `${JSON.stringify({ version: 1, files: sorted(files), cpu: sorted(cpu) }, null, 2)}\n`);
  }
}

/** The machine's processor time so far, busy and in all, from /proc/stat (in clock ticks; undefined elsewhere). */
function machineBusy(): { busy: number; total: number } | undefined {
  try {
    const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = ticks[3]! + ticks[4]!;
    const total = ticks.reduce((sum, tick) => sum + tick, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

function report(results: Result[], seconds: number, busyAtStart: ReturnType<typeof machineBusy>, postgresCpuSeconds?: number): void {
  const secondsOf = (result: Result) => (result.endedAt - result.startedAt) / 1000;
  const failing = results.filter((result) => result.failed > 0 || result.exitCode !== 0);
  if (failing.length > 0) {
    console.log("\nFiles with a failure (their output is above):");
    for (const result of failing) console.log(`  ${result.file} (${result.database}): ${result.failed} failed, exit code ${result.exitCode}`);
  }
  console.log("\nThe 15 slowest files:");
  for (const result of [...results].sort((a, b) => secondsOf(b) - secondsOf(a)).slice(0, 15)) {
    console.log(
      `  ${secondsOf(result).toFixed(1).padStart(6)} s  ${result.cpuSeconds.toFixed(0).padStart(4)} s of CPU  ${result.file} (${result.tier}, ${result.database === "postgres" ? "PostgreSQL" : "SQLite"})`,
    );
  }
  console.log("\nTiers (wall clock from the first file's start to the last one's end, the files' own seconds and their CPU added up):");
  const groups = [
    ...TIERS.map((tier) => ({ name: `${tier}, SQLite`, of: (r: Result) => r.database === "sqlite" && r.tier === tier })),
    { name: "PostgreSQL pass", of: (r: Result) => r.database === "postgres" },
  ];
  for (const { name, of } of groups) {
    const group = results.filter(of);
    if (group.length === 0) continue;
    const wall = (Math.max(...group.map((r) => r.endedAt)) - Math.min(...group.map((r) => r.startedAt))) / 1000;
    const own = group.reduce((sum, r) => sum + secondsOf(r), 0);
    const passed = group.reduce((sum, r) => sum + r.passed, 0);
    const failed = group.reduce((sum, r) => sum + r.failed, 0);
    const cpu = group.reduce((sum, r) => sum + r.cpuSeconds, 0);
    console.log(
      `  ${name.padEnd(17)} ${String(group.length).padStart(4)} files ${String(passed).padStart(6)} passed ${String(failed).padStart(3)} failed ${wall.toFixed(0).padStart(6)} s wall ${own.toFixed(0).padStart(6)} s of files ${cpu.toFixed(0).padStart(6)} s of CPU`,
    );
  }
  // The cluster runs outside every file's processor count: its share is told apart.
  if (postgresCpuSeconds !== undefined) console.log(`  PostgreSQL's server, outside the files' counts: ${postgresCpuSeconds.toFixed(0)} s of CPU`);
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  const busyAtEnd = machineBusy();
  if (busyAtStart && busyAtEnd) {
    const share = (busyAtEnd.busy - busyAtStart.busy) / (busyAtEnd.total - busyAtStart.total);
    console.log(`The machine's ${navigator.hardwareConcurrency} cores were ${Math.round(share * 100)}% busy during the run (everything running on it, this run or not).`);
  }
  console.log(`Tests: ${passed} passed, ${failed} failed, ${results.length} files, in ${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, "0")} s (${SLOTS} at a time)`);
}
