// Which test files a run takes: the whole suite, a tier, the files a change touches, and which of them
// run again on PostgreSQL. Read by scripts/lib/test-run.ts; pure but for the file reads it is given.
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { tierOf } from "../../tests/tiers.ts";
import { importsOf } from "../import-graph.ts";

const root = resolve(import.meta.dir, "../..");

export type Read = (file: string) => string | undefined;

export const readFromCheckout: Read = (file) => {
  const path = resolve(root, file);
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
};

/** Every test file of the checkout, committed or new (bun's own discovery, without node_modules). */
export function allTestFiles(): string[] {
  const listed = Bun.spawnSync(["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.test.ts", "*.test.tsx"], { cwd: root });
  return new TextDecoder()
    .decode(listed.stdout)
    .split("\n")
    .filter((file) => file !== "" && existsSync(resolve(root, file)))
    .sort();
}

/** The project's files a file loads, itself included, following relative imports of every kind. */
export function importClosure(file: string, read: Read): Set<string> {
  const seen = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    if (!/\.tsx?$/.test(next)) continue;
    const source = read(next);
    if (source === undefined) continue;
    for (const imported of importsOf(source)) pending.push(relative(root, resolve(root, dirname(next), imported.specifier)));
  }
  return seen;
}

// A file that reaches either opens a database (fixtures/database.ts names PostgreSQL's in that pass).
const DATABASE_DOORS = ["tests/fixtures/database.ts", "db/index.ts"];

/**
 * The files whose behaviour can differ by database: those that open one, browser journeys left out (they
 * test the same server code through a slower path). The rest (pure rules, media, processes) would run the
 * same code twice.
 */
export function runsOnPostgres(file: string, read: Read): boolean {
  if (tierOf(file) === "browser") return false;
  const closure = importClosure(file, read);
  return DATABASE_DOORS.some((door) => closure.has(door));
}

// A change to one of these can change any test's outcome.
const EVERYTHING = ["package.json", "package-lock.json", "bunfig.toml", "tsconfig.json", "tests/preload.ts", "patches/"];
// The browser journeys load the built web app, not its modules: a change to it reaches all of them
// (shared/ holds rules the web app bundles too).
const WEB_APP = ["client/", "shared/", "vite.config.ts", "index.html"];

/**
 * The test files a list of changed files touches: a changed test file, each test file that loads a changed
 * file, every browser journey when the web app changed, everything when a file every test depends on did.
 * A file that is not code (a locale, a fixture clip) counts as its folder's code, which reads it.
 */
export function testsTouchedBy(changed: string[], tests: string[], read: Read): string[] {
  if (changed.some((file) => EVERYTHING.some((prefix) => file === prefix || (prefix.endsWith("/") && file.startsWith(prefix))))) return tests;
  const webApp = changed.some((file) => WEB_APP.some((prefix) => file.startsWith(prefix)));
  const changedCode = new Set(changed.filter((file) => /\.tsx?$/.test(file)));
  const changedFolders = new Set(changed.filter((file) => !/\.tsx?$/.test(file)).map((file) => `${dirname(file)}/`));
  return tests.filter((test) => {
    if (webApp && tierOf(test) === "browser") return true;
    for (const file of importClosure(test, read)) {
      if (changedCode.has(file) || [...changedFolders].some((folder) => file.startsWith(folder))) return true;
    }
    return false;
  });
}

/** Files changed against `base` (a commit or branch; by default the last commit), committed or not, new ones included. */
export function changedFiles(base = "HEAD"): string[] {
  const lines = (command: string[]) => new TextDecoder().decode(Bun.spawnSync(command, { cwd: root }).stdout).split("\n");
  const verified = Bun.spawnSync(["git", "rev-parse", "--verify", "--quiet", `${base}^{commit}`], { cwd: root });
  if (verified.exitCode !== 0) throw new Error(`--changed: "${base}" is not a commit or branch of this checkout.`);
  const files = [...lines(["git", "diff", "--name-only", base]), ...lines(["git", "ls-files", "--others", "--exclude-standard"])];
  return [...new Set(files.filter(Boolean))].sort();
}
