import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { sql } from "kysely";
import { dialectOf } from "../../db/index.ts";
import { testDatabaseIsPostgres } from "../../tests/fixtures/database.ts";
import { Browser, newAccount, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

// A full disk (issue 34, item 19), made real the way SQLite allows without filling the machine's: the database may
// not grow past its size now (`max_page_count`), and a scratch table takes its free pages. PostgreSQL's disk_full
// cannot be made so; its code (53100) goes through the same answer (db/errors.ts).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function fillTheDatabase(): Promise<() => Promise<void>> {
  const db = server.deps.db;
  const pages = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(db)).rows[0]!.page_count;
  await sql`CREATE TABLE filler (bytes TEXT)`.execute(db);
  await sql.raw(`PRAGMA max_page_count = ${pages + 1}`).execute(db);
  for (let row = 0; row < 10_000; row++) {
    const full = await sql`INSERT INTO filler VALUES (${"x".repeat(2000)})`.execute(db).then(
      () => false,
      () => true,
    );
    if (full) break;
  }
  return async () => {
    await sql`DROP TABLE filler`.execute(db);
    await sql`PRAGMA max_page_count = 1073741823`.execute(db);
  };
}

describe.skipIf(testDatabaseIsPostgres())("a full disk", () => {
  it("answers 507 with the cause in the user's language, writes nothing, and works again once there is room", async () => {
    expect(dialectOf(server.deps.db)).toBe("sqlite");
    const makeRoom = await fillTheDatabase();
    let account = newAccount();
    try {
      // The pages already there keep a little room: sign-ups go on until one needs a new page.
      let answer = await new Browser(server.url, "fr").post("/api/auth/signup", account);
      for (let tries = 0; answer.status === 200 && tries < 50; tries++) answer = await new Browser(server.url, "fr").post("/api/auth/signup", (account = newAccount()));
      expect(answer.status).toBe(507);
      expect(answer.body).toMatchObject({ success: false, code: "storage_full", msg: expect.stringContaining("Le stockage du serveur est plein") });
    } finally {
      await makeRoom();
    }
    expect(await server.deps.db.selectFrom("user").select("id").where("username", "=", account.username).executeTakeFirst()).toBeUndefined();
    expect((await new Browser(server.url).post("/api/auth/signup", account)).status).toBe(200);
  });
});
