import { describe, expect, it } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMainProcess } from "./fixtures/process.ts";

const root = join(import.meta.dir, "..");

describe("the server process", () => {
  it("migrates its database, serves, and stops cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "arena-main-"));
    try {
      const { child, port } = await startMainProcess({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir });
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
