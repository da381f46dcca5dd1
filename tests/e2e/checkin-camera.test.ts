import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { launchChromium } from "../fixtures/chromium.ts";
import { closeTestContextsAfterEach, loggedInContext } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, auditLedgerThenStop, fundedUser, type Member, publishedEvent } from "../fixtures/money.ts";
import { showQrToCamera } from "../fixtures/qr-video.ts";
import { startTestServer, type TestServer } from "../fixtures/server.ts";

/**
 * The tournament check-in desk reads an event ticket through the camera (issue 19 leftover): the
 * organiser turns the camera on, chromium's fake camera shows the entrant's ticket QR code, and the
 * entrant is checked in, through the same check as a typed code.
 */
let server: TestServer;
let browser: Browser;
let cameraDir: string;
const contexts: BrowserContext[] = [];
closeTestContextsAfterEach(contexts);

beforeAll(async () => {
  cameraDir = mkdtempSync(join(tmpdir(), "arena-desk-camera-"));
  server = await startTestServer({ DEMO: "0", ...ADMIN_ENV });
  browser = await launchChromium(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${join(cameraDir, "ticket.y4m")}`]);
}, 60_000);
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  if (server) await auditLedgerThenStop(server);
  rmSync(cameraDir, { recursive: true, force: true });
});

async function deskPage(organiser: Member) {
  const context = await loggedInContext(browser, server.url, organiser.browser.cookies.get("arena_session")!, organiser.user, { width: 1440, height: 900 }, { language: "en" });
  contexts.push(context);
  await context.grantPermissions(["camera"], { origin: server.url });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

describe("check-in desk camera", () => {
  it("checks in the entrant whose ticket QR code the desk's camera reads", async () => {
    const admin = await adminBrowserOf(server);
    const organiser = await fundedUser(server, admin, 5000);
    const entrant = await fundedUser(server, admin, 1000);
    const form = new FormData();
    const startsAt = new Date(Date.now() + 10 * 60_000).toISOString();
    for (const [key, value] of Object.entries({ tournamentName: "Coupe du guichet", format: "s_elim", size: "4", gameID: "1", startDate: startsAt, timeZone: "Europe/Paris" })) form.append(key, value);
    const id = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
    expect((await entrant.browser.post("/api/tournament/join-tournament", { tournmentID: id })).status).toBe(200);
    const [player] = (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body as { id: number }[];
    expect((await organiser.browser.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: player!.id })).status).toBe(200);
    expect((await organiser.browser.put(`/api/tournament/${id}/check-in`, { minutesBefore: 30 })).status).toBe(200);
    const event = await publishedEvent(organiser, { tournamentId: id });
    const bought = await entrant.browser.post("/api/tickets/purchase", { userId: entrant.user.id, eventId: event.id, ticketType: "match" });
    expect(bought.status).toBe(201);
    showQrToCamera(join(cameraDir, "ticket.y4m"), bought.body.ticket.qr_code);

    const desk = await deskPage(organiser);
    await desk.goto(`${server.url}/dashboard/participants/${id}`);
    const panel = desk.getByRole("region", { name: "Check-in" });
    await panel.getByText("0 of 1 checked in").waitFor();
    // Off until the organiser turns it on: a desk is often a laptop without a camera.
    const camera = panel.getByRole("region", { name: "Scan a ticket" });
    await camera.getByText("Camera stopped.").waitFor();
    await camera.getByRole("button", { name: "Start the camera" }).click();

    await desk.getByText(`${entrant.user.username} is checked in`).waitFor();
    await panel.getByText("1 of 1 checked in").waitFor();
    const row = await server.deps.db.selectFrom("tournament_player").select("checked_in_at").where("id", "=", player!.id).executeTakeFirstOrThrow();
    expect(row.checked_in_at).not.toBeNull();
    await camera.getByRole("button", { name: "Stop the camera" }).click();
    await camera.getByText("Camera stopped.").waitFor();
  }, 90_000);
});
