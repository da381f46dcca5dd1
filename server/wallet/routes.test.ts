import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf, auditLedgerThenStop } from "../../tests/fixtures/money.ts";
import { cheapState } from "../../tests/fixtures/db-state.ts";
import { type Browser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminBrowserOf(server);
});
afterAll(() => auditLedgerThenStop(server));

describe("POST /api/wallet/credit", () => {
  it("answers 404 user_not_found for an account that does not exist, and moves nothing", async () => {
    const before = await cheapState(server.deps.db);
    // Found by tests/fuzz.test.ts: the wallet's foreign key refused the row and the admin got a 500.
    const res = await admin.post("/api/wallet/credit", { userId: 999_999, amount: 10 });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: "user_not_found" });
    expect(await cheapState(server.deps.db)).toEqual(before);
  });
});
