import { describe, expect, it } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "..");

/** Starts `bun server/main.ts` as ./scripts/start does, and waits for its "running" line. */
async function startMain(env: Record<string, string>) {
  const child = Bun.spawn([process.execPath, "server/main.ts"], { cwd: root, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const reader = child.stdout.getReader();
  let output = "";
  while (!/listening on [^:]+:(\d+)/.test(output)) {
    const { value, done } = await reader.read();
    if (done) break;
    output += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const port = Number(output.match(/listening on [^:]+:(\d+)/)?.[1]);
  return { child, port, output };
}

describe("the server process", () => {
  it("migrates its database, serves, and stops cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "arena-main-"));
    try {
      const { child, port } = await startMain({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir });
      expect(port).toBeGreaterThan(0);
      expect(existsSync(join(dataDir, "arena.db"))).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      child.kill("SIGTERM");
      expect(await child.exited).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses to start with invalid settings and says which", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "arena-main-"));
    try {
      const child = Bun.spawn([process.execPath, "server/main.ts"], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, PORT: "99999" }, stdout: "pipe", stderr: "pipe" });
      expect(await child.exited).toBe(2);
      const stderr = await new Response(child.stderr).text();
      expect(stderr).toContain("Invalid configuration:");
      expect(stderr).toContain("PORT:");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
