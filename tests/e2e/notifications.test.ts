import { afterAll, beforeAll, describe, it } from "bun:test";
import type { Browser } from "playwright-core";
import { launchChromium } from "../fixtures/chromium.ts";
import { signedInUser, startTestServer, type TestServer } from "../fixtures/server.ts";

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("notifications", () => {
  it("shows a real notification with the bell's count, and marks all read", async () => {
    const organiser = await signedInUser(server);
    const form = new FormData();
    for (const [k, v] of Object.entries({ tournamentName: "Coupe du soir", format: "s_elim", size: "4", gameID: "1" })) form.append(k, v);
    const { id } = (await organiser.browser.post("/api/tournament/create-tournament", form)).body;
    const player = await signedInUser(server);
    await player.browser.post("/api/tournament/join-tournament", { tournmentID: id });
    const pending = (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body[0];
    await organiser.browser.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: pending.id });

    const context = await browser.newContext();
    await context.addCookies([{ name: "arena_session", value: player.browser.cookies.get("arena_session")!, url: server.url }]);
    await context.addInitScript((session) => {
      localStorage.setItem("session", session);
      localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false, preferences: false, timestamp: 1 }));
    }, JSON.stringify({ user: player.user, isLoggedIn: true }));
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole("link", { name: "Notifications (1 non lues)" }).click();
    await page.getByText("Vous êtes dans Coupe du soir : votre place est acceptée.").waitFor();
    await page.getByRole("button", { name: "Tout marquer comme lu" }).click();
    await page.getByRole("link", { name: "Notifications", exact: true }).waitFor();
    await context.close();
  });
});
