import { describe, expect, it, onTestFinished } from "bun:test";
import { freshDeps, HOUR, ledgerSum, refusal, storedBalance } from "../../tests/fixtures/service-world.ts";
import { credit, debit, getBalance, listTransactions } from "./service.ts";
import { TEST_TOP_UP } from "../../shared/wallet.ts";

const w = await freshDeps();
const { deps, db } = w;

describe("balances", () => {
  it("shows a user their own wallet and an admin anyone's; to others it does not exist", async () => {
    const [alice, bob, admin] = [await w.makeUser(), await w.makeUser(), await w.makeAdmin()];
    await w.fundUser(alice, 100);
    expect((await getBalance(deps, alice, alice.id)).balance).toBe(100);
    expect((await getBalance(deps, admin, alice.id)).balance).toBe(100);
    expect(await refusal(getBalance(deps, bob, alice.id))).toEqual({ status: 404, code: "wallet_not_found" });
    expect(await refusal(listTransactions(deps, bob, alice.id, 1, 10, "en"))).toEqual({ status: 404, code: "wallet_not_found" });
    // A wallet nobody credited yet reads 0 and has no row.
    expect((await getBalance(deps, bob, bob.id)).balance).toBe(0);
  });
});

describe("credits", () => {
  it("lets an admin credit anyone, as a desk payment to others and a credit to themselves", async () => {
    const admin = await w.makeAdmin();
    const member = await w.makeUser();
    await credit(deps, admin, { userId: member.id, amount: 250 });
    await credit(deps, admin, { userId: admin.id, amount: 40 });
    const types = async (userId: number) => await db.selectFrom("wallet_transaction").select(["type", "amount", "ref_id"]).where("user_id", "=", userId).execute();
    expect(await types(member.id)).toEqual([{ type: "admin_credit", amount: 250, ref_id: admin.id }]);
    expect(await types(admin.id)).toEqual([{ type: "manual_credit", amount: 40, ref_id: admin.id }]);
  });

  it("refuses anyone else's credit, and the test top-up outside DEMO mode", async () => {
    const member = await w.makeUser();
    const other = await w.makeUser();
    expect(deps.config.demo).toBe(false);
    expect(await refusal(credit(deps, member, { userId: member.id, amount: TEST_TOP_UP }))).toEqual({ status: 403, code: "credit_not_allowed" });
    expect(await refusal(credit(deps, member, { userId: other.id, amount: 10 }))).toEqual({ status: 403, code: "credit_not_allowed" });
    expect(await ledgerSum(db, member.id)).toBe(0);
  });

  it("answers user_not_found for an account that does not exist, and moves nothing", async () => {
    const before = await db.selectFrom("wallet_transaction").select("id").execute();
    expect(await refusal(credit(deps, await w.admin(), { userId: 999_999, amount: 10 }))).toEqual({ status: 404, code: "user_not_found" });
    expect(await db.selectFrom("wallet_transaction").select("id").execute()).toEqual(before);
  });

  it("refuses a zero or fractional amount", async () => {
    const member = await w.makeUser();
    expect((await refusal(credit(deps, await w.admin(), { userId: member.id, amount: 0 }))).code).toBe("invalid_amount");
    expect((await refusal(credit(deps, await w.admin(), { userId: member.id, amount: 1.5 }))).code).toBe("invalid_amount");
  });
});

describe("the demo top-up", () => {
  it("gives a member exactly 1,000 on their own wallet in DEMO mode, and nothing else", async () => {
    const demo = await freshDeps({ DEMO: "1" });
    onTestFinished(() => demo.close());
    const member = await demo.makeUser();
    const other = await demo.makeUser();
    await credit(demo.deps, member, { userId: member.id, amount: TEST_TOP_UP });
    expect(await refusal(credit(demo.deps, member, { userId: member.id, amount: TEST_TOP_UP + 1 }))).toEqual({ status: 403, code: "credit_not_allowed" });
    expect(await refusal(credit(demo.deps, member, { userId: other.id, amount: TEST_TOP_UP }))).toEqual({ status: 403, code: "credit_not_allowed" });
    const rows = await demo.db.selectFrom("wallet_transaction").select(["user_id", "amount", "type", "description_code"]).execute();
    expect(rows).toEqual([{ user_id: member.id, amount: TEST_TOP_UP, type: "manual_credit", description_code: "test_top_up" }]);
  });
});

describe("debits", () => {
  it("debits only the caller's own wallet", async () => {
    const [alice, bob] = [await w.makeUser(), await w.makeUser()];
    await w.fundUser(alice, 100);
    expect(await refusal(debit(deps, bob, { userId: alice.id, amount: 10 }))).toEqual({ status: 404, code: "wallet_not_found" });
    expect(await storedBalance(db, alice.id)).toBe(100);
  });

  it("never overdraws: a debit beyond the balance is refused whole and writes no ledger line", async () => {
    const spender = await w.makeUser();
    await w.fundUser(spender, 50);
    expect(await refusal(debit(deps, spender, { userId: spender.id, amount: 51 }))).toEqual({ status: 402, code: "insufficient_balance" });
    await debit(deps, spender, { userId: spender.id, amount: 50 });
    expect(await storedBalance(db, spender.id)).toBe(0);
    expect((await db.selectFrom("wallet_transaction").select("amount").where("user_id", "=", spender.id).execute()).map((row) => row.amount)).toEqual([50, -50]);
  });

  // Moved from server/events/events.test.ts (HTTP): the rule is the ledger's, not the route's.
  it("never overdraws under 50 concurrent debits, and the ledger matches the balance", async () => {
    const spender = await w.makeUser();
    await w.fundUser(spender, 100);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => debit(deps, spender, { userId: spender.id, amount: 7 })));
    const accepted = results.filter((result) => result.status === "fulfilled").length;
    expect(accepted).toBe(Math.floor(100 / 7));
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(refused.map((result) => result.reason.code)).toEqual(Array(50 - accepted).fill("insufficient_balance"));
    expect(await storedBalance(db, spender.id)).toBe(100 - 7 * accepted);
    expect(await ledgerSum(db, spender.id)).toBe(100 - 7 * accepted);
  });
});

describe("the ledger", () => {
  it("writes each line's balance after it as the running sum of the lines before, stamped with the clock", async () => {
    const member = await w.makeUser();
    await w.fundUser(member, 300);
    w.clock.advance(HOUR);
    await debit(deps, member, { userId: member.id, amount: 120 });
    w.clock.advance(HOUR);
    await w.fundUser(member, 5);
    const rows = await db.selectFrom("wallet_transaction").select(["amount", "balance_after", "created_at"]).where("user_id", "=", member.id).orderBy("id").execute();
    let running = 0;
    for (const row of rows) expect(row.balance_after).toBe((running += row.amount));
    expect(rows.map((row) => row.created_at - rows[0]!.created_at)).toEqual([0, HOUR, 2 * HOUR]);
    expect(await storedBalance(db, member.id)).toBe(running);
  });

  it("lists the caller's lines newest first, a page at a time", async () => {
    const member = await w.makeUser();
    for (const amount of [1, 2, 3, 4, 5]) await w.fundUser(member, amount);
    const first = await listTransactions(deps, member, member.id, 1, 2, "en");
    const last = await listTransactions(deps, member, member.id, 3, 2, "en");
    expect([first.transactions.map((t) => t.amount), first.pagination.hasMore]).toEqual([[5, 4], true]);
    expect([last.transactions.map((t) => t.amount), last.pagination.hasMore]).toEqual([[1], false]);
    expect(first.transactions[0]).toMatchObject({ userId: member.id, transactionType: "admin_credit", balanceAfter: 15 });
  });
});
