import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { Browser as Api, signedInUser } from "../fixtures/server.ts";
import { createdTournament, swissTiedOnTheCutLine } from "../fixtures/tournaments.ts";

const handles = useServerAndBrowser();

/** Plays the first match that can start through its card: Start, the dialog, 2–1, End, the dialog. */
async function playNextMatch(page: Page) {
  const card = page.locator("article.match-card", { has: page.getByRole("button", { name: "Start", exact: true }) }).first();
  const matchId = await card.getAttribute("data-match-id");
  const match = page.locator(`article[data-match-id="${matchId}"]`);
  await match.getByRole("button", { name: "Start", exact: true }).click();
  const startDialog = page.getByRole("dialog", { name: "Start The game" });
  await startDialog.getByRole("button", { name: "Start game" }).click();
  await startDialog.waitFor({ state: "detached" });
  const scores = match.getByRole("spinbutton");
  await scores.first().and(page.locator(":enabled")).waitFor();
  await scores.nth(0).fill("2");
  await scores.nth(1).fill("1");
  await match.getByRole("button", { name: "End", exact: true }).click();
  const endDialog = page.getByRole("dialog", { name: "End The game" });
  await endDialog.getByRole("button", { name: "End game" }).click();
  await endDialog.waitFor({ state: "detached" });
  await page.locator(`article[data-match-id="${matchId}"].match-card-finished`).waitFor();
}

describe("a Swiss tournament run through the screens (issue 19, item 3)", () => {
  it("6 players: created with a top 4, three Swiss rounds drawn one after another, the standings, then the top cut to a champion", async () => {
    const organiser = await signedInUser(handles.server);
    const page = await pageFor(handles, organiser, { language: "en" });

    // The create form offers Swiss, its rounds (ceil(log2 6) = 3 by default) and a top cut.
    await page.goto(`${handles.server.url}/create-tournament`);
    await page.getByRole("button", { name: "League of Legends" }).click();
    await page.getByLabel("Tournament name").fill("Swiss Night");
    await page.getByLabel("Format").selectOption("swiss");
    await page.getByLabel("Size").selectOption("6");
    await page.getByLabel("Swiss rounds").locator("option", { hasText: "Default (3 rounds)" }).waitFor({ state: "attached" });
    await page.getByLabel("Top cut").selectOption("4");
    await page.getByRole("button", { name: "Create tournament" }).click();
    await page.waitForURL(/\/dashboard\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").at(-1));

    // The organiser and five players are in; the organiser starts from the dashboard.
    expect((await organiser.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: organiser.user.id })).body.status).toBe("approved");
    for (let i = 0; i < 5; i++) {
      const player = await signedInUser(handles.server);
      await player.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: player.user.id });
    }
    for (const p of (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body.filter((p: { status: string }) => p.status === "pending"))
      expect((await organiser.browser.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: p.id })).status).toBe(200);
    await page.reload();
    await page.getByRole("button", { name: "Start", exact: true }).click();
    await page.getByText("Started", { exact: true }).first().waitFor();

    // The Brackets tab shows where the Swiss stands, its table and round 1's three matches.
    await page.goto(`${handles.server.url}/tournament/${id}?tab=brackets`);
    await page.getByText("Round 1 of 3").waitFor();
    const table = page.getByRole("table", { name: "Swiss standings" });
    await table.waitFor();
    expect(await table.locator("tbody tr").count()).toBe(6);
    await page.getByRole("region", { name: "Swiss round 1" }).waitFor();
    expect(await page.locator("article.match-card").count()).toBe(3);

    // Each round is drawn when the last match of the one before ends.
    for (const round of [1, 2, 3]) {
      for (let i = 0; i < 3; i++) await playNextMatch(page);
      if (round < 3) await page.getByRole("region", { name: `Swiss round ${round + 1}` }).waitFor();
    }

    // After round 3, the top cut: the semi-finals seat the table's first four.
    const cut = page.getByRole("region", { name: "Top cut" });
    await cut.getByRole("region", { name: "Semi-finals" }).waitFor();
    const swiss = (await organiser.browser.get(`/api/tournament/swiss/${id}`)).body;
    expect(swiss).toMatchObject({ roundsPlayed: 3, cutDrawn: true });
    const topFour = swiss.rows.slice(0, 4).map((row: { name: string }) => row.name);
    for (const name of topFour) await cut.getByText(name, { exact: true }).first().waitFor();
    for (const row of swiss.rows.slice(4)) expect(await cut.getByText(row.name, { exact: true }).count()).toBe(0);

    // Two semi-finals and the final, then the champion.
    for (let i = 0; i < 3; i++) await playNextMatch(page);
    await cut.locator(".champion-card").waitFor();
    const champion = (await cut.locator(".champion-name").textContent())!.trim();
    const after = (await organiser.browser.get(`/api/tournament/${id}`)).body;
    expect(after.isFinished).toBe(true);
    const players = (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body as { userId: number; username: string }[];
    expect(players.find((p) => p.userId === after.championId)?.username).toBe(champion);
  });

  it("the organiser changes the rounds and the top cut in the settings before the start, and the page shows them", async () => {
    const organiser = await signedInUser(handles.server);
    const id = await createdTournament(organiser, { tournamentName: "Swiss Tuesday", format: "swiss", size: "6" });
    const page = await pageFor(handles, organiser, { language: "en" });

    await page.goto(`${handles.server.url}/dashboard/settings/${id}`);
    const rounds = page.getByLabel("Swiss rounds");
    await rounds.locator("option", { hasText: "Default (3 rounds)" }).waitFor({ state: "attached" });
    await rounds.selectOption("2");
    await page.getByLabel("Top cut").selectOption("4");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Updated successfully").waitFor();

    await page.goto(`${handles.server.url}/tournament/${id}?tab=summary`);
    const facts = page.locator("dl.t-facts");
    await facts.locator("dt", { hasText: "Swiss rounds" }).waitFor();
    expect(await facts.locator("dt:has-text('Swiss rounds') + dd").textContent()).toBe("2");
    expect(await facts.locator("dt:has-text('Top cut') + dd").textContent()).toBe("Top 4");
    expect((await organiser.browser.get(`/api/tournament/${id}`)).body).toMatchObject({ swissRounds: 2, topCut: 4 });
  });

  it("a tie on the top cut's line: everyone sees the cut wait, the organiser picks who goes through, the table says what decided each place (issue 34, item 5)", async () => {
    const organiser = await signedInUser(handles.server);
    const { id, seeds, tied } = await swissTiedOnTheCutLine(handles.server, organiser);
    const players = (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body as { userId: number; username: string }[];
    const nameOf = (userId: number) => players.find((p) => p.userId === userId)!.username;

    // A visitor reads the tie and that the cut waits; no choice is offered.
    const visitor = await pageFor(handles, null, { language: "en" });
    await visitor.goto(`${handles.server.url}/tournament/${id}?tab=brackets`);
    const notice = visitor.getByRole("region", { name: "A tie on the top 4 line" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      `${tied
        .map(nameOf)
        .join(", ")
        .replace(/, ([^,]*)$/, ", and $1")} are still level after every tie-break, for 1 place in the top cut`,
    );
    expect(await notice.getByRole("checkbox").count()).toBe(0);
    const table = visitor.getByRole("table", { name: "Swiss standings" });
    expect(await table.getByRole("columnheader", { name: "Decided by" }).count()).toBe(1);

    // The organiser must pick exactly one, then confirms.
    const page = await pageFor(handles, organiser, { language: "en" });
    await page.goto(`${handles.server.url}/tournament/${id}?tab=brackets`);
    const choice = page.getByRole("group", { name: "Choose the player who goes through" });
    await choice.waitFor();
    await page.getByRole("button", { name: "Put through" }).click();
    await page.getByText("Choose, among the tied players, as many as there are places left.").waitFor();
    const chosen = tied[1]!;
    await choice.getByRole("checkbox", { name: nameOf(chosen) }).check();
    await page.getByRole("button", { name: "Put through" }).click();
    const confirm = page.getByRole("dialog", { name: "Put through to the top cut?" });
    await confirm.getByText(`${nameOf(chosen)} goes through to the top cut, drawn at once. This choice is final.`).waitFor();
    await confirm.getByRole("button", { name: "Put through" }).click();

    // The cut is drawn with the three leaders and the one chosen; the table says who decided.
    const cut = page.getByRole("region", { name: "Top cut" });
    await cut.getByRole("region", { name: "Semi-finals" }).waitFor();
    for (const userId of [seeds[0]!, seeds[3]!, seeds[4]!, chosen]) await cut.getByText(nameOf(userId), { exact: true }).first().waitFor();
    expect(await page.getByRole("region", { name: "A tie on the top 4 line" }).count()).toBe(0);
    const rowOf = (userId: number) => page.getByRole("table", { name: "Swiss standings" }).getByRole("row", { name: new RegExp(nameOf(userId)) });
    await rowOf(chosen).getByRole("cell", { name: "Organiser's choice" }).waitFor();
    expect(await rowOf(chosen).getByRole("cell").first().textContent()).toBe("4");
    const others = tied.filter((userId) => userId !== chosen);
    for (const userId of others)
      expect(
        await rowOf(userId)
          .getByRole("cell", { name: /Head-to-head|Organiser's choice/ })
          .count(),
      ).toBe(1);
    expect((await new Api(handles.server.url).get(`/api/tournament/swiss/${id}`)).body).toMatchObject({ cutDrawn: true, cutTie: null });
  });
});
