import { describe, expect, it } from "bun:test";
import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpuAccount } from "./cpu-account.ts";

const groupsCanBeMade = (() => {
  try {
    accessSync("/sys/fs/cgroup/cpuacct", constants.W_OK);
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!groupsCanBeMade)("a test file's processor time", () => {
  it("counts a grandchild its parent left to init, and stops what the command left running", async () => {
    // A subshell starts a fixed amount of work and exits at once, so the work's process goes to init, as chromium's
    // renderers do; the command waits for the work's mark, and leaves a sleep running.
    const mark = join(mkdtempSync(join(tmpdir(), "arena-cpu-")), "done");
    const work = `i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; touch ${mark}`;
    const account = cpuAccount(["sh", "-c", `( sh -c '${work}' & ) ; sleep 30 & while [ ! -e ${mark} ]; do sleep 0.05; done`]);
    const child = Bun.spawn(account.command, { stdout: "ignore", stderr: "ignore" });
    await child.exited;
    const rusage = Number(child.resourceUsage()?.cpuTime.total ?? 0n) / 1e6;
    const { seconds, leftBehind } = await account.close(rusage);
    expect(seconds).toBeGreaterThan(2 * rusage);
    expect(seconds).toBeGreaterThan(0.1);
    // The sleep is left behind; on a busy machine the work's shell and its `touch` can still be exiting when the
    // command ends, and are then rightly named and stopped too.
    const left = leftBehind.map((name) => name.split(" ")[0]);
    expect(left).toContain("sleep");
    expect(left.filter((name) => !["sleep", "sh", "touch"].includes(name!))).toEqual([]);
    rmSync(join(mark, ".."), { recursive: true, force: true });
  });
});
