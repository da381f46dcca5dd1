import { describe, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf, auditLedgerThenStop, balanceOf, fundedUser, inHours } from "../../tests/fixtures/money.ts";
import { startTestServer } from "../../tests/fixtures/server.ts";

describe("number fields on the wire", () => {
  it("answers 400 to `true` and `[1]` where an id, an amount or a price is expected, and changes nothing", async () => {
    const server = await startTestServer(ADMIN_ENV);
    try {
      const admin = await adminBrowserOf(server);
      const organiser = await fundedUser(server, admin, 10_000);
      const event = { name: "Soirée des nombres", description: "Une soirée pour vérifier les nombres", categoryId: 2, startDate: inHours(48), endDate: inHours(50), ticketPrice: 0 };
      for (const wrong of [{ categoryId: true }, { categoryId: [2] }, { categoryId: " 2 " }, { ticketPrice: [0] }, { ticketPrice: false }, { maxParticipants: [10] }]) {
        const res = await organiser.browser.post("/api/events", { ...event, ...wrong });
        expect({ wrong, status: res.status, field: res.body.errors?.[0]?.field }).toEqual({ wrong, status: 400, field: Object.keys(wrong)[0] });
      }
      for (const wrong of [
        { userId: [organiser.user.id], amount: 100 },
        { userId: organiser.user.id, amount: true },
      ]) {
        expect((await admin.post("/api/wallet/credit", { ...wrong, description: "test" })).status).toBe(400);
      }
      expect(await balanceOf(organiser)).toBe(10_000);
      expect(await server.deps.db.selectFrom("event").selectAll().execute()).toEqual([]);
      expect((await organiser.browser.get("/api/wallet/transactions?page=true")).status).toBe(400);
      expect((await organiser.browser.post("/api/events", event)).status).toBe(201);
    } finally {
      await auditLedgerThenStop(server);
    }
  });
});
