import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

const admin = { username: "root_admin", email: "root@example.test", password: "admin password 1" };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_USERNAME: admin.username, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
});
afterAll(() => server.stop());

async function adminBrowser(): Promise<Browser> {
  const browser = new Browser(server.url);
  const res = await browser.post("/api/auth/login", { login: admin.username, password: admin.password });
  expect(res.body.user.role).toBe("admin");
  return browser;
}

describe("roles", () => {
  it("creates the admin account from ADMIN_* at start-up", () => {
    expect(server.logs).toContain(`[admin] admin account ${admin.username} created`);
  });

  it("gives new accounts the viewer role", async () => {
    const { user } = await signedInUser(server);
    expect((user as { role?: string }).role).toBe("viewer");
  });

  it("lets an admin change a user's role", async () => {
    const { user, browser } = await signedInUser(server);
    const res = await (await adminBrowser()).put(`/api/admin/users/${user.id}/role`, { role: "organizer" });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe("organizer");
    expect((await browser.get("/api/auth/me")).body.user.role).toBe("organizer");
  });

  it("refuses an unknown role and an unknown user", async () => {
    const browser = await adminBrowser();
    const { user } = await signedInUser(server);
    const bad = await browser.put(`/api/admin/users/${user.id}/role`, { role: "emperor" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: "role", msg: "Unknown role" });
    expect((await browser.put("/api/admin/users/999999/role", { role: "viewer" })).status).toBe(404);
  });

  it("refuses anyone but an admin, and an admin changing their own role", async () => {
    const { browser, user } = await signedInUser(server);
    const target = await signedInUser(server);
    expect((await browser.put(`/api/admin/users/${target.user.id}/role`, { role: "admin" })).status).toBe(403);
    expect((await browser.put(`/api/admin/users/${user.id}/role`, { role: "admin" })).status).toBe(403);
    expect((await new Browser(server.url).put(`/api/admin/users/${user.id}/role`, { role: "admin" })).status).toBe(401);
    const me = (await (await adminBrowser()).get("/api/auth/me")).body.user;
    const own = await (await adminBrowser()).put(`/api/admin/users/${me.id}/role`, { role: "viewer" });
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe("You cannot change your own role.");
  });
});

describe("one user cannot act for another", () => {
  it("changes only the caller's own account, whatever ids the body carries", async () => {
    const alice = await signedInUser(server);
    const bob = await signedInUser(server);
    await alice.browser.put("/api/auth/fullname", { firstName: "Alice", lastName: "A", id: bob.user.id, userId: bob.user.id });
    const bobNow = (await bob.browser.get("/api/auth/me")).body.user;
    expect(bobNow.firstName).toBe("");
    const aliceNow = (await alice.browser.get("/api/auth/me")).body.user;
    expect(aliceNow.firstName).toBe("Alice");
  });

  it("refuses a forged or stale session cookie", async () => {
    const res = await new Browser(server.url).get("/api/auth/me", { cookie: "arena_session=forged-value" });
    expect(res.status).toBe(401);
  });
});

describe("scripts/admin.ts", () => {
  it("creates an admin in the database DATA_DIR points at", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "arena-admin-"));
    try {
      const run = Bun.spawnSync([process.execPath, "scripts/admin.ts", "create", "--username", "cli_admin", "--email", "cli@example.test", "--password", "long enough pass"], {
        env: { ...process.env, DATA_DIR: dataDir },
        stdin: "ignore",
      });
      expect(run.stderr.toString()).toBe("");
      expect(run.exitCode).toBe(0);
      const bad = Bun.spawnSync([process.execPath, "scripts/admin.ts", "create", "--username", "x", "--email", "nope", "--password", "short"], {
        env: { ...process.env, DATA_DIR: dataDir },
        stdin: "ignore",
      });
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr.toString()).toContain("username: Username must be at least 3 characters");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
