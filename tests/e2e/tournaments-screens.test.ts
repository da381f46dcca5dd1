import { describe, expect, it } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { loggedInContext, useServerAndBrowser, visitorContext } from "../fixtures/e2e.ts";
import { Browser as Api, signedInUser } from "../fixtures/server.ts";
import { createdTournament, filledTournament } from "../fixtures/tournaments.ts";

/** Issue 14, items 7–9: what a player, an organiser and a viewer see of tournaments, measured in chromium. */
const h = useServerAndBrowser();

type Player = Awaited<ReturnType<typeof signedInUser>>;
type Viewport = { width: number; height: number };
interface Seed {
  id: string;
  finished: boolean;
  teams: { playerID: number | null }[];
}
interface Round {
  title: string;
  seeds: Seed[];
}

async function open(user: Player | null, viewport: Viewport = { width: 1440, height: 900 }, theme: "dark" | "light" = "dark"): Promise<Page> {
  const context = user
    ? await loggedInContext(h.browser, h.server.url, user.browser.cookies.get("arena_session")!, user.user, viewport, { theme })
    : await visitorContext(h.browser, viewport, { theme });
  h.contexts.push(context);
  return context.newPage();
}

const create = (organiser: Player, fields: Record<string, string>) => createdTournament(organiser, { tournamentName: "Coupe de l'écran", size: "8", timeZone: "Europe/Paris", ...fields });

/** The organiser and `count - 1` others join; the organiser approves them all. */
const fill = (organiser: Player, id: number, count: number) => filledTournament(h.server, organiser, id, count);

/**
 * Plays a double elimination through the API: the first-listed player wins every match but the grand
 * final, which the losers' finalist wins, so that the reset is played. Stops before the reset if asked.
 */
async function playDouble(organiser: Player, id: number, { stopBeforeReset = false } = {}) {
  for (let guard = 0; guard < 100; guard++) {
    const { data } = (await new Api(h.server.url).get(`/api/tournament/rounds/${id}`)).body as { data: { winnerBracket: Round[]; LoserBracket: Round[] } };
    const rounds = [...data.winnerBracket, ...data.LoserBracket];
    const round = rounds.find((r) => r.seeds.some((s) => !s.finished && s.teams.every((t) => t.playerID !== null)));
    if (!round) return;
    if (stopBeforeReset && round.title === "Grand Final Reset") return;
    const seed = round.seeds.find((s) => !s.finished && s.teams.every((t) => t.playerID !== null))!;
    expect((await organiser.browser.post(`/api/tournament/start-match/${seed.id}`)).status).toBe(200);
    const [scorePlayer1, scorePlayer2] = round.title === "Grand Final" ? [0, 2] : [2, 1];
    expect((await organiser.browser.post("/api/tournament/set-winner", { matchID: seed.id, tournmentID: id, scorePlayer1, scorePlayer2 })).status).toBe(200);
  }
  throw new Error("the tournament never finished");
}

/** Where an element sits, and the scrolling box around it (the nearest ancestor that scrolls sideways). */
async function placement(locator: Locator) {
  return locator.evaluate((element) => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    let scroller: Element | null = element.parentElement;
    while (scroller && !["auto", "scroll"].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
    return {
      box: box(element),
      scroller: scroller ? { ...box(scroller), scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth, scrollLeft: scroller.scrollLeft } : null,
      viewport: { width: document.documentElement.clientWidth, pageScrollWidth: document.documentElement.scrollWidth },
    };
  });
}

/** Whole, with nothing to scroll: inside the window's width and inside its scrolling box, which has nothing hidden. */
function expectWhole(where: Awaited<ReturnType<typeof placement>>, what: string) {
  const { box, scroller, viewport } = where;
  expect({ what, left: box.left >= 0, right: box.right <= viewport.width, page: viewport.pageScrollWidth <= viewport.width }).toEqual({ what, left: true, right: true, page: true });
  if (scroller) {
    expect({ what, inside: box.left >= scroller.left - 0.5 && box.right <= scroller.right + 0.5, nothingHidden: scroller.scrollWidth <= scroller.clientWidth }).toEqual({
      what,
      inside: true,
      nothingHidden: true,
    });
  }
}

describe("item 7: the size", () => {
  it("starts the create form at 8 players, whatever the format", async () => {
    const page = await open(await signedInUser(h.server));
    await page.goto(`${h.server.url}/create-tournament`);
    const size = page.getByLabel("Taille");
    await size.waitFor();
    expect(await size.inputValue()).toBe("8");
    await page.getByLabel("Format").selectOption("d_elim");
    expect(await size.inputValue()).toBe("8");
    await page.getByLabel("Format").selectOption("robin");
    expect(await size.inputValue()).toBe("8");
  });

  it("changes the size on the settings screen before the start (8, 16 or 32), and no longer once started", async () => {
    const organiser = await signedInUser(h.server);
    const id = await create(organiser, { size: "8" });
    await fill(organiser, id, 3);
    const page = await open(organiser);
    await page.goto(`${h.server.url}/dashboard/settings/${id}`);
    const size = page.getByLabel("Taille");
    await size.waitFor();
    expect(await size.inputValue()).toBe("8");
    expect(await size.locator("option").allTextContents()).toEqual(["8", "16", "32"]);
    await size.selectOption("16");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByText("Mis à jour avec succès").waitFor();
    expect((await organiser.browser.get(`/api/tournament/${id}`)).body.size).toBe(16);
    await page.goto(`${h.server.url}/dashboard/participants/${id}`);
    await page.getByText("3 / 16").waitFor();

    // Started: the size stays as it is.
    const small = await create(organiser, { size: "4" });
    await fill(organiser, small, 4);
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: small })).status).toBe(200);
    await page.goto(`${h.server.url}/dashboard/settings/${small}`);
    await page.getByLabel("Taille").waitFor();
    expect(await page.getByLabel("Taille").isDisabled()).toBe(true);
    await page.getByText("La taille ne change plus une fois le tournoi commencé.").waitFor();
  });
});

describe("item 8: brackets and participants that fit", () => {
  it("shows the grand-final reset and the champion whole at 1366 and 2000 px", async () => {
    const organiser = await signedInUser(h.server);
    const id = await create(organiser, { format: "d_elim", size: "8", tournamentName: "Double écran" });
    await fill(organiser, id, 8);
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
    await playDouble(organiser, id);
    expect((await new Api(h.server.url).get(`/api/tournament/${id}`)).body.isFinished).toBe(true);
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 2000, height: 1100 },
    ]) {
      const page = await open(null, viewport);
      await page.goto(`${h.server.url}/tournament/${id}?tab=brackets`);
      const reset = page.getByRole("region", { name: "Grande finale – revanche" });
      const champion = page.locator(".champion-card");
      await champion.waitFor();
      expectWhole(await placement(reset), `reset at ${viewport.width}`);
      expectWhole(await placement(champion), `champion at ${viewport.width}`);
      expect(await reset.locator("article.match-card.match-card-finished").count()).toBe(1);
      await champion.scrollIntoViewIfNeeded();
      expect(await champion.isVisible()).toBe(true);
    }
  });

  it("shows the grand-final reset whole under the stream at 1366 px", async () => {
    const organiser = await signedInUser(h.server);
    const id = await create(organiser, { format: "d_elim", size: "8", tournamentName: "Double stream" });
    await fill(organiser, id, 8);
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
    await playDouble(organiser, id, { stopBeforeReset: true });
    // A channel of their own, offline: the bracket shows under the stage all the same.
    expect((await organiser.browser.post("/api/stream/mychannel/init")).status).toBe(201);
    const page = await open(null, { width: 1366, height: 768 });
    await page.goto(`${h.server.url}/stream/${organiser.user.username}`);
    const section = page.getByRole("region", { name: "Double stream" });
    const reset = section.getByRole("region", { name: "Grande finale – revanche" });
    await reset.locator("article.match-card").waitFor();
    expectWhole(await placement(reset), "reset under the stream");
    // The reset is the next match: both of its players are known.
    expect(await reset.locator(".match-team-empty").count()).toBe(0);
  });

  it("keeps Rank and Action in reach on a phone, without sideways scrolling", async () => {
    const organiser = await signedInUser(h.server);
    const id = await create(organiser, { size: "8" });
    const players = await fill(organiser, id, 3);
    const late = await signedInUser(h.server, { email: `a-rather-long-address-${Date.now()}@example-domain.org` });
    await late.browser.post("/api/tournament/join-tournament", { tournmentID: id });
    const page = await open(organiser, { width: 375, height: 812 });
    await page.goto(`${h.server.url}/dashboard/participants/${id}`);
    for (const tab of ["Approuvés", "En attente"]) {
      await page.getByRole("tab", { name: new RegExp(tab) }).click();
      const names = tab === "Approuvés" ? players.map((p) => p.user.username) : [late.user.username];
      for (const name of names) {
        const action = page.getByRole("button", { name: `Supprimer ${name}` });
        await action.waitFor();
        expectWhole(await placement(action), `${tab}: delete ${name}`);
        const row = page.getByRole("row", { name: new RegExp(name) });
        const rank = row.locator("td").nth(4);
        expectWhole(await placement(rank), `${tab}: rank of ${name}`);
        expect(await rank.isVisible()).toBe(true);
      }
      const scroll = await page.locator(".table-scroll").evaluate((e) => [e.scrollWidth, e.clientWidth]);
      expect(scroll[0]).toBeLessThanOrEqual(scroll[1]!);
    }
    const approve = page.getByRole("button", { name: `Approuver ${late.user.username}` });
    expectWhole(await placement(approve), "approve");
    await approve.click();
    await page.getByText("Aucun participant").waitFor();
  });
});

/** WCAG contrast of two opaque colours given as rgb(a) strings. */
function contrast(foreground: string, background: string): number {
  const channels = (css: string) =>
    css
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number);
  const luminance = (css: string) => {
    const [r, g, b] = channels(css).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [a, b] = [luminance(foreground), luminance(background)].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

describe("item 9: small things that read wrong", () => {
  it("labels My tournaments' create button with one plus sign", async () => {
    const page = await open(await signedInUser(h.server));
    await page.goto(`${h.server.url}/my-tournaments`);
    const link = page.getByRole("link", { name: /créer/ }).first();
    await link.waitFor();
    const { text, icons } = await link.evaluate((e) => ({ text: e.textContent ?? "", icons: e.querySelectorAll("svg").length }));
    expect(icons + (text.match(/\+/g)?.length ?? 0)).toBe(1);
    expect(text.trim()).toBe("créer");
  });

  it("keeps '100 G-Coins' on one line in the dashboard cards, at every width", async () => {
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 800, height: 900 },
      { width: 1024, height: 800 },
      { width: 1440, height: 900 },
      { width: 1920, height: 1000 },
    ]) {
      const page = await open(await signedInUser(h.server), viewport);
      await page.route("**/api/dashboard", (route) => route.fulfill({ json: { role: "organizer", stats: { createdEvents: 12, activeEvents: 3, revenue: 100 } } }));
      await page.goto(`${h.server.url}/dashboard`);
      const value = page.locator(".dashboard-stat-value", { hasText: "G-Coins" });
      await value.waitFor();
      const measured = await value.evaluate((e) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        const card = e.closest(".dashboard-stat")!.getBoundingClientRect();
        const box = e.getBoundingClientRect();
        return { text: e.textContent, lines: lines.size, fits: e.scrollWidth <= e.clientWidth && box.right <= card.right };
      });
      expect({ width: viewport.width, ...measured }).toEqual({ width: viewport.width, text: "100 G-Coins", lines: 1, fits: true });
    }
  });

  it("shows a pending player's 'En attente' button legibly on the cover, in both themes, before and after the start", async () => {
    const organiser = await signedInUser(h.server);
    const id = await create(organiser, { tournamentName: "Coupe sombre", size: "4" });
    await fill(organiser, id, 3);
    const player = await signedInUser(h.server);
    const last = await signedInUser(h.server);
    for (const p of [player, last]) expect((await p.browser.post("/api/tournament/join-tournament", { tournmentID: id })).body.status).toBe("pending");
    const check = async () => {
      for (const theme of ["dark", "light"] as const) {
        const page = await open(player, { width: 1440, height: 900 }, theme);
        await page.goto(`${h.server.url}/tournament/${id}`);
        const button = page.getByRole("button", { name: "En attente – annuler la demande" });
        await button.waitFor();
        await page.mouse.move(0, 0);
        const { color, background, opacity } = await button.evaluate((e) => {
          let opacity = 1;
          for (let node: Element | null = e; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
          return { color: getComputedStyle(e).color, background: getComputedStyle(e).backgroundColor, opacity };
        });
        // An opaque background of its own, not faded: the button reads the same over any cover picture.
        const alpha = background.startsWith("rgba") ? Number(background.match(/[\d.]+/g)![3]) : 1;
        expect({ theme, alpha, opacity }).toEqual({ theme, alpha: 1, opacity: 1 });
        expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
        expect(await button.textContent()).toContain("En attente");
        await page.context().close();
      }
    };
    await check();
    // The last seat goes to someone else and the tournament starts: the request stays, its button disabled but as legible.
    const waiting = (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body.find((p: { username: string }) => p.username === last.user.username);
    expect((await organiser.browser.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: waiting.id })).status).toBe(200);
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
    await check();
  });
});
