import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const folder = mkdtempSync(join(tmpdir(), "arena-shared-files-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A separate process (a node of the site) asking for the file, each ready to create its own content. */
function node(file: string): Promise<string> {
  const script = `import { readOrCreateShared } from ${JSON.stringify(join(import.meta.dir, "shared-files.ts"))};
process.stdout.write(readOrCreateShared(${JSON.stringify(file)}, () => "made by " + process.pid).toString());`;
  const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "inherit" });
  return new Response(child.stdout).text();
}

describe("readOrCreateShared", () => {
  it("gives every node starting at once the same content, made by one of them, and leaves no draft behind", async () => {
    const file = join(folder, "secret");
    const seen = await Promise.all(Array.from({ length: 6 }, () => node(file)));
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]).toMatch(/^made by \d+$/);
    expect(readdirSync(folder)).toEqual(["secret"]);
    expect(await node(file)).toBe(seen[0]!);
  });
});
