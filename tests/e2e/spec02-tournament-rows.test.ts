import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { createdTournament } from "../fixtures/tournaments.ts";
import { ADMIN_ENV, adminBrowserOf, fundedUser, type Member } from "../fixtures/money.ts";

/**
 * Tournament rows of docs/spec-conformance.md that worked but had no test: what the list, the
 * page, the dashboard, the participants, the settings and the match cards show (spec 02 §2, §4, §8).
 * Read-only proofs in English (the spec's words); the tournament screens themselves are not changed here.
 */
const h = useServerAndBrowser({ DEMO: "0", ...ADMIN_ENV });
const member = async () => fundedUser(h.server, await adminBrowserOf(h.server), 0);

const pageOf = (who: Member | null): Promise<Page> => pageFor(h, who, { language: "en" });

const create = (organiser: Member, fields: Record<string, string>) => createdTournament(organiser, { tournamentName: "Rows Cup", timeZone: "UTC", ...fields });

interface Seed {
  id: string;
  finished: boolean;
  teams: { playerID: number | null }[];
}

describe("tournament rows of spec 02 that had no test", () => {
  it("lists: empty text first, the loading text, the red error text, and a card's title, organiser, kind in red, views and age", async () => {
    const visitor = await pageOf(null);
    await visitor.goto(`${h.server.url}/tournaments`);
    await visitor.getByText("No tournaments available at the moment.", { exact: true }).waitFor();

    const organiser = await member();
    await create(organiser, { tournamentName: "Card Cup", format: "d_elim", size: "8" });
    const slow = await pageOf(null);
    // The list's answer is held until the loading text has been seen, rather than delayed by a guess.
    let release = () => {};
    const seen = new Promise<void>((resolve) => (release = resolve));
    await slow.route("**/api/tournament/all", async (route) => {
      await seen;
      await route.fallback();
    });
    await slow.goto(`${h.server.url}/tournaments`);
    await slow.getByText("Loading tournaments...", { exact: true }).waitFor();
    release();
    const card = slow.locator("article.t-card", { hasText: "Card Cup" });
    await card.waitFor();
    await card.getByText(organiser.user.username, { exact: true }).waitFor();
    const kind = card.locator(".t-card-kind");
    expect((await kind.textContent())?.toLowerCase()).toStartWith("double elimination");
    const red = await kind.evaluate((node) => getComputedStyle(node).color);
    const [r, g, b] = red.match(/\d+/g)!.map(Number);
    expect(r! > 150 && g! < 120 && b! < 120).toBe(true);
    await card.getByText(/\d+ views?/).waitFor();
    await card.getByText(/^(now|\d+ seconds? ago)$/).waitFor();

    const failing = await pageOf(null);
    await failing.route("**/api/tournament/all", (route) => route.abort());
    await failing.goto(`${h.server.url}/tournaments`);
    const error = failing.getByRole("alert").filter({ hasText: "Error loading tournaments" });
    await error.waitFor();
    expect(await failing.locator("article.t-card").count()).toBe(0);
  });

  it("shows the organiser's dashboard links and progress, My tournaments' 01, the About and Rules tabs, a settings Save that waits for a change, and the create form's defaults and failed game search", async () => {
    const organiser = await member();
    const id = await create(organiser, { tournamentName: "Progress Cup", description: "Be on time.", prize: "A trophy", gameMode: "5v5" });
    expect((await organiser.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: organiser.user.id })).body.status).toBe("approved");
    const page = await pageOf(organiser);
    await page.goto(`${h.server.url}/dashboard/${id}`);
    await page.getByRole("heading", { name: "Progress Cup" }).waitFor();
    expect(await page.getByRole("link", { name: "Preview" }).getAttribute("href")).toBe(`/tournament/${id}`);
    expect(await page.locator("a.t-dash-card").nth(0).getAttribute("href")).toBe(`/dashboard/settings/${id}`);
    expect(await page.locator("a.t-dash-card").nth(1).getAttribute("href")).toBe(`/dashboard/participants/${id}`);
    // Description without rules: setup 90; 1 of 4 players: 25; not started: running 0.
    const bar = (name: string) => page.getByRole("progressbar", { name, exact: true }).getAttribute("aria-valuenow");
    expect([await bar("Setup"), await bar("Pending"), await bar("Running")]).toEqual(["90", "25", "0"]);

    await page.goto(`${h.server.url}/my-tournaments`);
    await page.getByText("(01)", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Progress Cup" }).first().getAttribute("href")).toBe(`/dashboard/${id}`);

    await page.goto(`${h.server.url}/tournament/${id}`);
    await page.getByRole("tab", { name: "About" }).click();
    for (const text of ["Attention note", "How it works", "Game mode", "5v5", "Prize", "A trophy"]) await page.getByText(text, { exact: true }).first().waitFor();
    await page.getByRole("tab", { name: "Rules" }).click();
    await page.getByText("No rules have been set for this tournament yet.", { exact: true }).waitFor();

    await page.goto(`${h.server.url}/dashboard/settings/${id}`);
    const save = page.getByRole("button", { name: "Save" });
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel("Prize").fill("Two trophies");
    expect(await save.isDisabled()).toBe(false);

    await page.goto(`${h.server.url}/create-tournament`);
    await page.getByLabel("Format").waitFor();
    // A failed game search is an empty result, not an error.
    await page.route("**/api/stream/games/search*", (route) => route.abort());
    await page.getByLabel("More games").selectOption({ label: "Other Game" });
    await page.getByLabel("Search a game").fill("valo");
    await page.getByText("No game found", { exact: true }).waitFor();
    expect([await page.getByLabel("Format").inputValue(), await page.getByLabel("Time zone").inputValue(), await page.getByLabel("Stream the tournament").isChecked()]).toEqual([
      "s_elim",
      "UTC",
      true,
    ]);
  });

  it("opens the login for a visitor's Join, says Joined and Left, and approves and deletes after a confirmation", async () => {
    const organiser = await member();
    const id = await create(organiser, { tournamentName: "Join Cup" });
    const visitor = await pageOf(null);
    await visitor.goto(`${h.server.url}/tournament/${id}`);
    await visitor.getByRole("button", { name: "Join" }).click();
    await visitor.getByRole("dialog").waitFor();

    const player = await member();
    const page = await pageOf(player);
    await page.goto(`${h.server.url}/tournament/${id}`);
    await page.getByRole("button", { name: "Join" }).click();
    await page.getByRole("status").filter({ hasText: "Joined successfully" }).first().waitFor();
    await page.getByRole("button", { name: "Pending – cancel the request" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Withdraw my request" }).click();
    await page.getByRole("status").filter({ hasText: "Left successfully" }).first().waitFor();
    await page.getByRole("button", { name: "Join" }).click();

    const admin = await pageOf(organiser);
    await admin.goto(`${h.server.url}/dashboard/participants/${id}`);
    await admin.getByRole("tab", { name: /Pending/ }).click();
    await admin.getByRole("button", { name: `Approve ${player.user.username}` }).click();
    await admin.getByRole("status").filter({ hasText: "Player approved!" }).first().waitFor();
    await admin.getByRole("tab", { name: /Approved/ }).click();
    await admin.getByRole("button", { name: `Delete ${player.user.username}` }).click();
    const confirm = admin.getByRole("dialog", { name: "Delete participant" });
    await confirm.getByText(`Remove ${player.user.username} from the tournament?`).waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await admin.getByRole("status").filter({ hasText: "Player deleted!" }).first().waitFor();
  });

  it("draws match cards with the 21:03 placeholder and a dimmed loser, and the round list's ROUND n, WINNERS and LOSERS headings", async () => {
    const organiser = await member();
    const id = await create(organiser, { tournamentName: "Double Cup", format: "d_elim", size: "4" });
    expect((await organiser.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: organiser.user.id })).status).toBe(200);
    for (let i = 0; i < 3; i++) await (await member()).browser.post("/api/tournament/join-tournament", { tournmentID: id });
    for (const p of (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body.filter((p: { status: string }) => p.status === "pending")) {
      expect((await organiser.browser.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: p.id })).status).toBe(200);
    }
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
    const { data } = (await organiser.browser.get(`/api/tournament/rounds/${id}`)).body;
    const seed = (data.winnerBracket[0].seeds as Seed[])[0]!;
    expect((await organiser.browser.post(`/api/tournament/start-match/${seed.id}`)).status).toBe(200);
    const [a, b] = seed.teams.map((team) => team.playerID);
    expect((await organiser.browser.post("/api/tournament/set-winner", { matchID: seed.id, winnerID: a, tournmentID: id, scorePlayer1: 2, scorePlayer2: 1 })).status).toBe(200);
    expect(b).not.toBeNull();

    const page = await pageOf(null);
    await page.goto(`${h.server.url}/tournament/${id}?tab=brackets`);
    const finished = page.locator("article.match-card.match-card-finished").first();
    await finished.waitFor();
    await finished.getByText("21:03", { exact: true }).waitFor();
    const loser = finished.locator(".match-team-loser");
    expect(await loser.count()).toBe(1);
    const [dim, bright] = await Promise.all([
      loser.evaluate((node) => Number(getComputedStyle(node).opacity)),
      finished.locator(".match-team-winner").evaluate((node) => Number(getComputedStyle(node).opacity)),
    ]);
    expect(dim).toBeLessThan(bright);

    await page.getByRole("button", { name: "Round list" }).click();
    for (const heading of ["WINNERS TOURNAMENT", "LOSERS TOURNAMENT"]) await page.getByText(heading, { exact: true }).first().waitFor();
    expect(await page.locator(".round-list-heading").first().textContent()).toStartWith("ROUND 1");
  });
});
