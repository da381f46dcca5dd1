import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { diesWithThisProcess, endLeftoverChildren, isRunning, leftoverChildren } from "./children.ts";
import { stopWhenTestEnds } from "../tests/fixtures/cleanup.ts";
import { waitFor } from "../tests/fixtures/publisher.ts";

describe("media jobs", () => {
  it("end with the Arena that started them, even killed by SIGKILL, and say which data folder they belong to", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "arena-owner-"));
    const owner = Bun.spawn(diesWithThisProcess([process.execPath, join(import.meta.dir, "../tests/fixtures/media-job-owner.ts"), dataDir], "SIGKILL"), { stdout: "pipe", stderr: "inherit" });
    stopWhenTestEnds(async () => {
      owner.kill("SIGKILL");
      await endLeftoverChildren(dataDir, () => undefined); // the job, had it outlived its parent
      rmSync(dataDir, { recursive: true, force: true });
    });
    const reader = owner.stdout.getReader();
    const line = new TextDecoder().decode((await reader.read()).value);
    const job = Number(line.match(/job (\d+)/)?.[1]);
    expect(job).toBeGreaterThan(0);
    // Fed by lavfi, not by the media server: nothing would ever end this job but its parent's death.
    await waitFor("the job writing", () => statSafe(join(dataDir, "job.flv")) > 0, 10_000, 50);
    // Seen from another process (the next Arena on this folder), it is a job to end.
    expect(leftoverChildren(dataDir)).toEqual([job]);

    owner.kill("SIGKILL");
    await owner.exited;
    await waitFor("the job gone", () => !isRunning(job), 3000, 20);
    expect(leftoverChildren(dataDir)).toEqual([]);
  });
});

function statSafe(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
