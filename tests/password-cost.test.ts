import { Database } from "bun:sqlite";
import { expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PASSWORD_COST } from "../server/auth/password.ts";
import { startMainProcess } from "./fixtures/process.ts";
import { signedInUser } from "./fixtures/server.ts";

// The suite hashes passwords at a test-only cost (tests/preload.ts): this proves a real start does not.
it("stores a new member's password as argon2id at its full cost when started as ./scripts/start does", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "arena-cost-"));
  try {
    const { child, url } = await startMainProcess({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", ARENA_TEST_PASSWORD_COST: "" });
    const { account } = await signedInUser({ url });
    child.kill("SIGTERM");
    await child.exited;
    const database = new Database(join(dataDir, "arena.db"), { readonly: true });
    const { password_hash } = database.query("SELECT password_hash FROM user WHERE username = ?").get(account.username) as { password_hash: string };
    database.close();
    expect(password_hash).toStartWith(`$argon2id$v=19$m=${PASSWORD_COST.memoryCost},t=${PASSWORD_COST.timeCost},p=1$`);
    expect(PASSWORD_COST).toEqual({ memoryCost: 65_536, timeCost: 2 });
    expect(await Bun.password.verify(account.password, password_hash)).toBe(true);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
