// Runs the whole suite N times on this checkout, as ./scripts/test runs it (tiers, workers, the PostgreSQL
// pass), and says, per test that ever failed, how many times and with which first error line: a test that
// fails once in twenty runs shows up here, not in CI.
// Called by `./scripts/test --soak N` after the install, the build and the type check.
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface Failure {
  test: string;
  firstLine: string;
}

interface Run {
  seconds: number;
  passed: number;
  failures: Failure[];
  exitCode: number;
  log: string;
}

const [countArgument, ...bunArguments] = process.argv.slice(2);
const runs = Number(countArgument);
if (!Number.isInteger(runs) || runs < 1) {
  console.error("Usage: ./scripts/test --soak N [bun test arguments], with N a whole number ≥ 1");
  process.exit(2);
}

const logDir = join(tmpdir(), `arena-soak-${new Date().toISOString().replace(/[:.]/g, "-")}`);
mkdirSync(logDir, { recursive: true });

const results: Run[] = [];
for (let index = 1; index <= runs; index++) {
  console.log(`→ Soak run ${index}/${runs}…`);
  const run = await runSuite(index);
  results.push(run);
  console.log(
    `  ${run.passed} passed, ${run.failures.length} failed, ${run.seconds.toFixed(0)} s${run.exitCode !== 0 && run.failures.length === 0 ? `, exit code ${run.exitCode} (see ${run.log})` : ""}`,
  );
}
report(results);
process.exit(results.every((run) => run.exitCode === 0) ? 0 : 1);

async function runSuite(index: number): Promise<Run> {
  // Each tier's bun test writes its JUnit report into this folder (scripts/lib/test-run.ts).
  const reports = join(logDir, `run-${index}`);
  mkdirSync(reports, { recursive: true });
  const log = join(logDir, `run-${index}.log`);
  const started = performance.now();
  const child = Bun.spawn([process.execPath, "scripts/lib/test-run.ts", ...bunArguments], {
    env: { ...process.env, ARENA_TEST_JUNIT_DIR: reports },
    stdout: Bun.file(log),
    stderr: Bun.file(`${log}.stderr`),
  });
  const exitCode = await child.exited;
  const seconds = (performance.now() - started) / 1000;
  const xml = readdirSync(reports)
    .filter((file) => file.endsWith(".xml"))
    .map((file) => safeRead(join(reports, file)))
    .join("\n");
  return { seconds, exitCode, log, passed: countPassed(xml), failures: failuresIn(xml) };
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

// Function declarations, not consts: the runs above call them before this line is reached.
function unescapeXml(text: string): string {
  return text
    .replace(/&#10;/g, "\n")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function attribute(tag: string, name: string): string {
  return unescapeXml(tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1] ?? "");
}

function countPassed(xml: string): number {
  return [...xml.matchAll(/<testcase\b[^>]*\/>/g)].length;
}

function failuresIn(xml: string): Failure[] {
  const failures: Failure[] = [];
  for (const match of xml.matchAll(/<testcase\b([^>]*[^/])>([\s\S]*?)<\/testcase>/g)) {
    const [, tag, body] = match as unknown as [string, string, string];
    const failure = body.match(/<failure\b[^>]*>/)?.[0];
    if (!failure) continue;
    const where = [attribute(tag, "file"), attribute(tag, "classname"), attribute(tag, "name")].filter(Boolean).join(" › ");
    const message = attribute(failure, "message") || attribute(failure, "type");
    failures.push({ test: where, firstLine: firstErrorLine(message) });
  }
  return failures;
}

/** The error's first line; for an assertion, with what was expected and received, which its first line does not say. */
function firstErrorLine(message: string): string {
  const lines = message
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return "(no message)";
  const shown = lines[0]!.startsWith("expect(") ? lines.slice(0, 3).join(" · ") : lines[0]!;
  return shown.length > 200 ? `${shown.slice(0, 199)}…` : shown;
}

function report(all: Run[]): void {
  console.log(`\nSoak: ${all.length} runs (logs in ${logDir})`);
  all.forEach((run, index) => console.log(`  run ${index + 1}: ${run.passed} passed, ${run.failures.length} failed, ${run.seconds.toFixed(0)} s`));
  const byTest = new Map<string, { count: number; firstLine: string }>();
  for (const failure of all.flatMap((run) => run.failures)) {
    const seen = byTest.get(failure.test);
    if (seen) seen.count += 1;
    else byTest.set(failure.test, { count: 1, firstLine: failure.firstLine });
  }
  if (byTest.size === 0) {
    console.log("No test failed.");
    return;
  }
  console.log("\nTests that failed (times failed / runs, first error line):");
  for (const [test, { count, firstLine }] of [...byTest].sort((a, b) => b[1].count - a[1].count)) {
    console.log(`  ${count}/${all.length}  ${test}\n         ${firstLine}`);
  }
}
