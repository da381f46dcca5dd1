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

  // Every test file starts a server: these three were 650 of its 1,850 modules and half a second of processor each time.
  it("loads node-media-server, Redis's client and nodemailer only once ingest, Redis or a first mail needs them", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "arena-main-"));
    try {
      const script = `
        const { loadConfig } = await import("./server/config.ts");
        const { startServer } = await import("./server/server.ts");
        const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: ${JSON.stringify(dataDir)}, RTMP_PORT: "0", LOG_LEVEL: "silent" });
        const server = await startServer(config, { log: () => undefined });
        const loaded = () => Object.keys(require.cache).filter((file) => /node_modules\\/(node-media-server|redis|@redis|nodemailer)\\//.test(file)).map((file) => file.split("node_modules/")[1].split("/")[0]);
        const before = [...new Set(loaded())];
        await server.deps.mailer.send({ to: "a@example.org", subject: "s", text: "t" });
        console.log(JSON.stringify({ before, afterMail: [...new Set(loaded())] }));
        await server.stop();`;
      const child = Bun.spawn([process.execPath, "-e", script], { cwd: root, stdout: "pipe", stderr: "pipe" });
      const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
      expect({ code, err: code === 0 ? "" : err }).toEqual({ code: 0, err: "" });
      expect(JSON.parse(out.trim().split("\n").at(-1)!)).toEqual({ before: [], afterMail: ["nodemailer"] });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
