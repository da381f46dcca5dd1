import { describe, expect, it } from "bun:test";
import { pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { signedInUser } from "../fixtures/server.ts";

const handles = useServerAndBrowser();

describe("tournament check-in through the screens (issue 19, item 2)", () => {
  it("opens a window, entrants check in on the page and at the desk, the late one is dropped at the close and replaced from the waiting list, and the Swiss is drawn from who came", async () => {
    const organiser = await signedInUser(handles.server);
    const form = new FormData();
    const startsAt = new Date(Date.now() + 10 * 60_000).toISOString();
    for (const [key, value] of Object.entries({ tournamentName: "Tournoi du soir", format: "swiss", size: "6", gameID: "1", startDate: startsAt, timeZone: "Europe/Paris" })) form.append(key, value);
    const id = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
    const entrants = [];
    for (let i = 0; i < 6; i++) {
      const entrant = await signedInUser(handles.server);
      await entrant.browser.post("/api/tournament/join-tournament", { tournmentID: id });
      entrants.push(entrant);
    }
    for (const p of (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body)
      expect((await organiser.browser.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: p.id })).status).toBe(200);
    const [first, second, third, atDesk, late, fifth] = entrants as [(typeof entrants)[number], ...typeof entrants];
    // The tournament is full: one more member waits for a slot.
    const waiting = await signedInUser(handles.server);
    expect((await waiting.browser.post(`/api/waitlist/tournament/${id}`)).status).toBe(200);

    // The organiser opens check-in 30 minutes before the start: it is open now.
    const desk = await pageFor(handles, organiser, { language: "en" });
    await desk.goto(`${handles.server.url}/dashboard/participants/${id}`);
    const panel = desk.getByRole("region", { name: "Check-in" });
    await panel.getByLabel("Check-in window").selectOption("30");
    await panel.getByRole("button", { name: "Set the window" }).click();
    await panel.getByText("0 of 6 checked in").waitFor();

    // An entrant checks in from the tournament page.
    const player = await pageFor(handles, first!, { language: "en" });
    await player.goto(`${handles.server.url}/tournament/${id}`);
    await player.getByText(/^Check-in is open until/).waitFor();
    await player.getByRole("button", { name: "Check me in", exact: true }).click();
    await player.getByText("Checked in", { exact: true }).waitFor();

    // Two more by themselves, one by hand at the desk; the late entrant never comes.
    for (const entrant of [second!, third!, fifth!]) expect((await entrant.browser.post(`/api/tournament/${id}/check-in`)).status).toBe(200);
    await desk.reload();
    await panel.getByText("4 of 6 checked in").waitFor();
    await panel.getByRole("button", { name: `Check in ${atDesk!.user.username}` }).click();
    await panel.getByText("5 of 6 checked in").waitFor();

    // Closing drops the late entrant, through the same removal as the organiser's.
    await panel.getByRole("button", { name: "Close check-in now" }).click();
    const confirm = desk.getByRole("dialog", { name: "Close check-in?" });
    await confirm.getByText("1 entrant has not checked in and will be dropped.").waitFor();
    await confirm.getByRole("button", { name: "Close check-in now" }).click();
    await panel.getByText("5 of 5 checked in").waitFor();
    expect(await panel.getByText(late!.user.username, { exact: true }).count()).toBe(0);
    const players = (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body as { userId: number }[];
    expect(players.map((p) => p.userId).sort()).toEqual([first, second, third, atDesk, fifth].map((e) => e!.user.id).sort());

    // The freed slot is offered to the first on the waiting list, who takes it from the tournament's page.
    const waitingPage = await pageFor(handles, waiting, { language: "en" });
    await waitingPage.goto(`${handles.server.url}/tournament/${id}`);
    const list = waitingPage.getByRole("region", { name: "Waiting list" });
    await list.getByText("A place is free for you!").waitFor();
    // The offer is their one way in (issue 34, item 4): no Join button beside it.
    expect(await waitingPage.getByRole("button", { name: "Join", exact: true }).count()).toBe(0);
    await list.getByRole("button", { name: "Take the place", exact: true }).click();
    await desk.reload();
    await panel.getByText("6 of 6 checked in").waitFor();

    // The late entrant's page says check-in is closed and shows them out.
    const latePage = await pageFor(handles, late!, { language: "en" });
    await latePage.goto(`${handles.server.url}/tournament/${id}`);
    await latePage.getByText("Check-in is closed.").waitFor();
    // Their slot is held for the first on the waiting list: the tournament is full again, so they may only queue.
    await latePage.getByRole("button", { name: "Join the waiting list" }).waitFor();

    // The start draws the Swiss from the six who came.
    await desk.goto(`${handles.server.url}/dashboard/${id}`);
    await desk.getByRole("button", { name: "Start", exact: true }).click();
    await desk.getByText("Started", { exact: true }).first().waitFor();
    const swiss = (await organiser.browser.get(`/api/tournament/swiss/${id}`)).body as { rows: { playerID: number }[] };
    expect(swiss.rows.map((row) => row.playerID).sort()).toEqual([first, second, third, atDesk, fifth, waiting].map((e) => e!.user.id).sort());
  });
});
