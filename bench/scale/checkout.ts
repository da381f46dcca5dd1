import { mkdirSync, realpathSync, symlinkSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");

/** A copy of Arena's files at `commit` in `dir` (git archive), with the project's node_modules: an earlier Arena to run beside this one. */
export function checkout(commit: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const archive = Bun.spawnSync(["sh", "-c", `git -C "$1" archive "$2" | tar -x -C "$3"`, "sh", ROOT, commit, dir]);
  if (archive.exitCode !== 0) throw new Error(`git archive ${commit}: ${archive.stderr.toString()}`);
  symlinkSync(realpathSync(join(ROOT, "node_modules")), join(dir, "node_modules"));
  return dir;
}

/** This checkout's commit, and whether files differ from it. */
export function headCommit(): string {
  const commit = Bun.spawnSync(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).stdout.toString().trim();
  const dirty = Bun.spawnSync(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"]).stdout.toString().trim() !== "";
  return dirty ? `${commit} with uncommitted changes` : commit;
}
