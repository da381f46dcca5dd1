import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "../tests/fixtures/database.ts";
import { isCheckViolation, isUniqueViolation } from "./errors.ts";
import { dialectOf, openDatabase } from "./index.ts";
import { inTransaction } from "./transaction.ts";

// The same assertions on whichever database the run uses: ./scripts/test runs this file on SQLite, then on PostgreSQL.
const folder = mkdtempSync(join(tmpdir(), "arena-db-"));
const database = await createTestDatabase(folder);
const db = await openDatabase(database.target);
afterAll(async () => {
  await db.destroy();
  await database.drop();
  rmSync(folder, { recursive: true, force: true });
});

let users = 0;
async function insertUser(username = `member${++users}`, createdAt = Date.now(), email = `${username}@example.test`) {
  return db.insertInto("user").values({ username, email, password_hash: null, created_at: createdAt, updated_at: createdAt }).returningAll().executeTakeFirstOrThrow();
}

describe(`the database layer on ${dialectOf(db)}`, () => {
  it("keeps times in milliseconds past 2038 and gives numbers back, counts included", async () => {
    const far = Date.parse("2100-01-01T00:00:00Z");
    const user = await insertUser(undefined, far);
    expect(user.created_at).toBe(far);
    expect(typeof user.id).toBe("number");
    const { n } = await db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(n).toBe(users);
    const { total } = await db
      .selectFrom("user")
      .select((eb) => eb.fn.sum<number>("created_at").as("total"))
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(total).toBe(far);
  });

  it("compares usernames and e-mails without case, for lookups and for uniqueness", async () => {
    await insertUser("ZeldaPro");
    expect((await db.selectFrom("user").select("username").where("username", "=", "zeldapro").executeTakeFirst())?.username).toBe("ZeldaPro");
    const sameName = await insertUser("zeldapro", Date.now(), "other@example.test").catch((error: unknown) => error);
    expect(isUniqueViolation(sameName, "username")).toBe(true);
    expect(isUniqueViolation(sameName, "email")).toBe(false);
    const sameMail = await insertUser("Someone", Date.now(), "ZELDAPRO@example.test").catch((error: unknown) => error);
    expect(isUniqueViolation(sameMail, "email")).toBe(true);
  });

  it("stores a boolean as 1 or 0 in a flag column", async () => {
    const user = await insertUser();
    await db
      .updateTable("user")
      .set({ verified: true as never })
      .where("id", "=", user.id)
      .execute();
    expect((await db.selectFrom("user").select("verified").where("id", "=", user.id).executeTakeFirstOrThrow()).verified).toBe(1);
  });

  it("refuses an overdraft in the database itself, with an error the code recognises", async () => {
    const user = await insertUser();
    const overdraft = await db
      .insertInto("wallet")
      .values({ user_id: user.id, balance: -1, updated_at: Date.now() })
      .execute()
      .catch((error: unknown) => error);
    expect(isCheckViolation(overdraft)).toBe(true);
  });

  it("keeps a read-then-write rule true when transactions race: the last unit goes once", async () => {
    const user = await insertUser();
    await db.insertInto("wallet").values({ user_id: user.id, balance: 1, updated_at: Date.now() }).execute();
    // Read the balance, then write it minus one if it was positive: 20 racers, one unit, one winner.
    const takeOne = () =>
      inTransaction(db, async (trx) => {
        const { balance } = await trx.selectFrom("wallet").select("balance").where("user_id", "=", user.id).executeTakeFirstOrThrow();
        if (balance < 1) return false;
        await trx
          .updateTable("wallet")
          .set({ balance: balance - 1 })
          .where("user_id", "=", user.id)
          .execute();
        return true;
      });
    const outcomes = await Promise.all(Array.from({ length: 20 }, takeOne));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect((await db.selectFrom("wallet").select("balance").where("user_id", "=", user.id).executeTakeFirstOrThrow()).balance).toBe(0);
  });
});
