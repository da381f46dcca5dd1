import { describe, expect, it } from "bun:test";
import { loggedInContext, useServerAndBrowser } from "../fixtures/e2e.ts";
import { signedInUser } from "../fixtures/server.ts";

const env = useServerAndBrowser();

describe("notifications", () => {
  it("says 'Vous n'avez aucune notification' when there is none", async () => {
    const member = await signedInUser(env.server);
    const context = await loggedInContext(env.browser, env.server.url, member.browser.cookies.get("arena_session")!, member.user);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/notifications`);
    await page.getByText("Vous n'avez aucune notification").waitFor();
    expect(await page.getByRole("button", { name: "Tout marquer comme lu" }).isDisabled()).toBe(true);
    await context.close();
  });

  it("shows a real notification with the bell's count, and marks all read", async () => {
    const organiser = await signedInUser(env.server);
    const form = new FormData();
    for (const [k, v] of Object.entries({ tournamentName: "Coupe du soir", format: "s_elim", size: "4", gameID: "1" })) form.append(k, v);
    const { id } = (await organiser.browser.post("/api/tournament/create-tournament", form)).body;
    const player = await signedInUser(env.server);
    await player.browser.post("/api/tournament/join-tournament", { tournmentID: id });
    const pending = (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body[0];
    await organiser.browser.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: pending.id });

    const context = await loggedInContext(env.browser, env.server.url, player.browser.cookies.get("arena_session")!, player.user);
    const page = await context.newPage();
    await page.goto(env.server.url);
    await page.getByRole("link", { name: "Notifications : 1 non lues" }).click();
    await page.getByText("Vous êtes dans Coupe du soir : votre place est acceptée.").waitFor();
    await page.getByRole("button", { name: "Tout marquer comme lu" }).click();
    await page.getByRole("link", { name: "Notifications", exact: true }).waitFor();
    await context.close();
  });
});
