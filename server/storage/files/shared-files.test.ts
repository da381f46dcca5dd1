import { expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

test("processes that start together on one shared folder all end up with the value written first, and leave no draft behind", async () => {
  const folder = mkdtempSync(join(tmpdir(), "arena-shared-"));
  try {
    const file = join(folder, "secret");
    const module = join(import.meta.dir, "shared-files.ts");
    const script = `const { readOrCreateShared } = await import(${JSON.stringify(module)}); process.stdout.write(readOrCreateShared(${JSON.stringify(file)}, () => crypto.randomUUID()));`;
    const values = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "inherit" });
        const [value, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
        expect(code).toBe(0);
        return value;
      }),
    );
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(readdirSync(folder)).toEqual(["secret"]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
