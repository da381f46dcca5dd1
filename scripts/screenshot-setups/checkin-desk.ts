import { expect } from "bun:test";
import { adminBrowserOf } from "../../tests/fixtures/money.ts";
import { signedInUser, type TestServer } from "../../tests/fixtures/server.ts";

/**
 * For `SETUP=scripts/screenshot-setups/checkin-desk.ts bun scripts/screenshots.ts "checkin-desk=/dashboard/participants/1=admin"`:
 * the site's admin organises tournament 1, starting in an hour, with its check-in open and three
 * approved entrants (one checked in), so the desk shows the code field and its "Scan a ticket" camera.
 */
export async function setup(server: TestServer): Promise<void> {
  const admin = await adminBrowserOf(server);
  const form = new FormData();
  const startsAt = new Date(Date.now() + 60 * 60_000).toISOString();
  for (const [key, value] of Object.entries({ tournamentName: "Coupe du guichet", format: "s_elim", size: "4", gameID: "1", startDate: startsAt, timeZone: "Europe/Paris" })) form.append(key, value);
  const id = (await admin.post("/api/tournament/create-tournament", form)).body.id as number;
  for (const username of ["LinkMaster", "SamusRun", "PeachyKeen"]) await (await signedInUser(server, { username })).browser.post("/api/tournament/join-tournament", { tournmentID: id });
  const players = (await admin.get(`/api/tournament/players/getPlayers/${id}`)).body as { id: number }[];
  for (const player of players) expect((await admin.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: player.id })).status).toBe(200);
  expect((await admin.put(`/api/tournament/${id}/check-in`, { minutesBefore: 120 })).status).toBe(200);
  expect((await admin.put(`/api/tournament/${id}/check-in/${players[0]!.id}`, { checkedIn: true })).status).toBe(200);
}
