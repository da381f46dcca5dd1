import { describe, expect, it } from "bun:test";
import { loggedInContext } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, fundedUser, type Member, publishedEvent } from "../fixtures/money.ts";
import { showQrToCamera, useServerAndFakeCamera } from "../fixtures/qr-video.ts";

/**
 * The tournament check-in desk reads an event ticket through the camera (issue 19 leftover): the
 * organiser turns the camera on, chromium's fake camera shows the entrant's ticket QR code, and the
 * entrant is checked in, through the same check as a typed code.
 */
const handles = useServerAndFakeCamera({ DEMO: "0", ...ADMIN_ENV });

async function deskPage(organiser: Member) {
  const context = await loggedInContext(handles.browser, handles.server.url, organiser.browser.cookies.get("arena_session")!, organiser.user, { width: 1440, height: 900 }, { language: "en" });
  handles.contexts.push(context);
  await context.grantPermissions(["camera"], { origin: handles.server.url });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

describe("check-in desk camera", () => {
  it("checks in the entrant whose ticket QR code the desk's camera reads", async () => {
    const admin = await adminBrowserOf(handles.server);
    const organiser = await fundedUser(handles.server, admin, 5000);
    const entrant = await fundedUser(handles.server, admin, 1000);
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
    showQrToCamera(handles.camera, bought.body.ticket.qr_code);

    const desk = await deskPage(organiser);
    await desk.goto(`${handles.server.url}/dashboard/participants/${id}`);
    const panel = desk.getByRole("region", { name: "Check-in" });
    await panel.getByText("0 of 1 checked in").waitFor();
    // Off until the organiser turns it on: a desk is often a laptop without a camera.
    const camera = panel.getByRole("region", { name: "Scan a ticket" });
    await camera.getByText("Camera stopped.").waitFor();
    await camera.getByRole("button", { name: "Start the camera" }).click();

    await desk.getByText(`${entrant.user.username} is checked in`).waitFor();
    await panel.getByText("1 of 1 checked in").waitFor();
    const row = await handles.server.deps.db.selectFrom("tournament_player").select("checked_in_at").where("id", "=", player!.id).executeTakeFirstOrThrow();
    expect(row.checked_in_at).not.toBeNull();
    await camera.getByRole("button", { name: "Stop the camera" }).click();
    await camera.getByText("Camera stopped.").waitFor();
  }, 90_000);
});
