import { beforeAll, describe, expect, it } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, draftEvent, fundedUser } from "../fixtures/money.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";
import { signedInUser } from "../fixtures/server.ts";
import { startedTournament } from "../fixtures/tournaments.ts";

/**
 * Keyboard only (issue 24, item 3): journeys driven by page.keyboard alone — no click, no focus() on
 * an element, no mouse. After each step the test asks where focus is, so each path is proven to exist:
 * a viewer from home to a live (play, pause, quality, latency, volume, chat), an organiser starting a
 * match and entering its score, the dialogs trapping focus and giving it back, the bracket scroller.
 */
const handles = useServerAndBrowser(ADMIN_ENV, { ingest: true });

type Member = Awaited<ReturnType<typeof signedInUser>>;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const pageOf = (member: Member | null, viewport = DESKTOP): Promise<Page> => pageFor(handles, member, { viewport });

/** The focused element as a reader hears it: its role and name (for failure messages). */
function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return "(body)";
    const role = element.getAttribute("role") ?? element.tagName.toLowerCase();
    const labelled = element.getAttribute("aria-labelledby");
    const name = element.getAttribute("aria-label") ?? (labelled ? document.getElementById(labelled)?.textContent : null) ?? element.textContent ?? "";
    return `${role} "${name.trim().replace(/\s+/g, " ").slice(0, 60)}"${element.id ? ` #${element.id}` : ""}`;
  });
}

const holdsFocus = (target: Locator) => target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));
const containsFocus = (target: Locator) => target.evaluateAll((elements) => elements.some((element) => element.contains(document.activeElement) && document.activeElement !== document.body));

async function expectFocusOn(page: Page, target: Locator, what: string): Promise<void> {
  // Focus may move a frame after the key (a menu that opens, a dialog that closes): wait a little for it.
  const deadline = Date.now() + 2000;
  while (!(await holdsFocus(target))) {
    if (Date.now() > deadline) throw new Error(`focus should be on ${what}, it is on ${await focusedText(page)}`);
    await Bun.sleep(25);
  }
}

async function press(page: Page, key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Presses Tab (Shift+Tab with `back`) until `target` has focus; returns how many presses it took. */
async function tabTo(page: Page, target: Locator, what: string, { max = 40, back = false } = {}): Promise<number> {
  const path: string[] = [];
  for (let presses = 0; presses <= max; presses++) {
    if (presses > 0) {
      await page.keyboard.press(back ? "Shift+Tab" : "Tab");
      path.push(await focusedText(page));
    }
    if (await holdsFocus(target)) return presses;
  }
  throw new Error(`${max} × ${back ? "Shift+Tab" : "Tab"} never reached ${what}; focus went: ${path.join(" → ")}`);
}

/**
 * A dialog opened from `opener`: focus starts inside it, stays inside through more Tabs (and then
 * Shift+Tabs) than it has controls, and Escape closes it and gives focus back to `opener`.
 */
async function expectTrapAndReturn(page: Page, dialog: Locator, opener: Locator, what: string): Promise<void> {
  await dialog.waitFor();
  await waitFor(`${what}: focus inside the dialog`, () => containsFocus(dialog), 2000, 25);
  const controls = await dialog.evaluate((element) => element.querySelectorAll("a[href], button, input, select, textarea, [tabindex]").length);
  for (const key of ["Tab", "Shift+Tab"]) {
    const seen = new Set<string>();
    for (let i = 0; i < controls + 3; i++) {
      await page.keyboard.press(key);
      if (!(await containsFocus(dialog))) throw new Error(`${what}: ${key} n°${i + 1} left the dialog for ${await focusedText(page)}`);
      seen.add(await focusedText(page));
    }
    // The trap cycles through the controls rather than pinning focus on one.
    expect(seen.size).toBeGreaterThan(1);
  }
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await expectFocusOn(page, opener, `${what}'s opener`);
}

/** A streamer live from an ffmpeg test pattern, for the whole file. */
async function liveStreamer(title: string) {
  const streamer = await signedInUser(handles.server);
  const start = await streamer.browser.post("/api/stream/startstreaming", { title, gameId: 1, tags: ["fr"], description: "Au clavier" });
  expect(start.status).toBe(200);
  const started = handles.server.deps.bus.next("stream:started", (event) => event.username === streamer.account.username, 20_000);
  handles.publishers.push(publishTestStream(`rtmp://127.0.0.1:${handles.rtmpPort}/live/${start.body.streamKey}`, { seconds: 180, lasts: "file" }));
  await started;
  const stream = (await streamer.browser.get(`/api/stream/stream/${streamer.account.username}`)).body as { channelArn: string; isLive: boolean };
  expect(stream.isLive).toBe(true);
  return { ...streamer, channelArn: stream.channelArn };
}

function videoState(page: Page) {
  return page.evaluate(() => {
    const video = document.querySelector(".stream-stage video") as HTMLVideoElement | null;
    return video ? { paused: video.paused, readyState: video.readyState, volume: video.volume, muted: video.muted } : null;
  });
}

const tournamentOf = async (organiser: Member, size: number, name: string): Promise<number> =>
  (await startedTournament(handles.server, organiser, size, { tournamentName: name, timeZone: "Europe/Paris" })).id;

let live: Awaited<ReturnType<typeof liveStreamer>>;
beforeAll(async () => {
  live = await liveStreamer("Live au clavier");
});

describe("a viewer, keyboard only", () => {
  let page: Page;
  let viewer: Member;
  const player = () => page.getByRole("region", { name: `Direct de ${live.account.username}` });
  const playButton = () => player().getByRole("button", { name: /^(Lecture|Pause) \(Espace\)$/ });
  const settings = () => player().getByRole("button", { name: "Paramètres" });
  // One page for the whole journey: opened before the tests, so it stays open from one step to the next.
  beforeAll(async () => {
    viewer = await signedInUser(handles.server);
    page = await pageOf(viewer);
  });

  it("goes from home to the live: the skip link first, then the carousel's Watch link", async () => {
    await page.goto(handles.server.url);
    const watch = page.getByRole("link", { name: "Regarder", exact: true });
    await watch.waitFor();

    await page.keyboard.press("Tab");
    await expectFocusOn(page, page.getByRole("link", { name: "Aller au contenu" }), "the skip link");
    await page.keyboard.press("Enter");
    await expectFocusOn(page, page.locator("#main-content"), "the main content");
    await tabTo(page, watch, "the carousel's Watch link", { max: 20 });
    await page.keyboard.press("Enter");
    await page.waitForURL(`${handles.server.url}/stream/${live.account.username}`);
    await page.getByRole("heading", { name: "Live au clavier" }).waitFor();
  });

  it("pauses and plays the live from its play button, with Space and Enter", async () => {
    await waitFor(
      "the live plays",
      async () => {
        const state = await videoState(page);
        return state !== null && state.readyState >= 2 && !state.paused;
      },
      30_000,
      100,
    );
    await tabTo(page, playButton(), "the play button", { max: 60 });
    await expectFocusOn(page, player().getByRole("button", { name: "Pause (Espace)" }), "the Pause button");

    await page.keyboard.press("Space");
    await waitFor("the live pauses", async () => (await videoState(page))?.paused === true, 5000, 50);
    await expectFocusOn(page, player().getByRole("button", { name: "Lecture (Espace)" }), "the Play button");

    await page.keyboard.press("Enter");
    await waitFor("the live plays again", async () => (await videoState(page))?.paused === false, 10_000, 50);
    await expectFocusOn(page, player().getByRole("button", { name: "Pause (Espace)" }), "the Pause button");
  });

  it("chooses a quality, then the standard latency (HLS), in the settings menu with arrows and Enter", async () => {
    await tabTo(page, settings(), "the settings button", { max: 6 });
    await page.keyboard.press("Enter");
    const menu = player().getByRole("menu");
    await expectFocusOn(page, menu.getByRole("menuitem", { name: /^Qualité/ }), "the Quality line");
    await page.keyboard.press("Enter");
    // A live without a quality ladder has one level, its source, at its size (issue 34, item 9).
    await expectFocusOn(page, menu.getByRole("menuitemradio", { name: "Source (360p)", checked: true }), "the chosen quality (the source)");
    expect(await menu.getByRole("menuitemradio").count()).toBe(1);
    // Arrows move through the choices (past the last, to Back, then around to the first).
    await page.keyboard.press("ArrowDown");
    await expectFocusOn(page, menu.getByRole("menuitem", { name: "Retour" }), "the Back line");
    await page.keyboard.press("ArrowDown");
    await expectFocusOn(page, menu.getByRole("menuitemradio", { name: "Source (360p)" }), "the source again");
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "detached" });
    // Where focus lands after a choice is the next test's business: here, only that the gear is reachable.
    await tabTo(page, settings(), "the settings button, after a choice", { max: 60 });
    await page.keyboard.press("Enter");
    await expectFocusOn(page, menu.getByRole("menuitem", { name: /^Qualité/ }), "the Quality line");

    // The latency is switched to HLS too, by keyboard.
    await page.keyboard.press("ArrowDown");
    await expectFocusOn(page, menu.getByRole("menuitem", { name: /^Latence\s*Faible latence/ }), "the Latency line");
    await page.keyboard.press("Enter");
    await expectFocusOn(page, menu.getByRole("menuitemradio", { name: "Faible latence", checked: true }), "the current latency");
    await page.keyboard.press("ArrowDown");
    await expectFocusOn(page, menu.getByRole("menuitemradio", { name: "Standard (HLS)" }), "the HLS latency");
    const hls = page.waitForRequest((request) => request.url().endsWith(`/live/${live.account.username}/index.m3u8`));
    await page.keyboard.press("Enter");
    await hls;
    await menu.waitFor({ state: "detached" });
    await waitFor(
      "the live plays over HLS",
      async () => {
        const state = await videoState(page);
        return state !== null && state.readyState >= 2 && !state.paused;
      },
      30_000,
      100,
    );
    await tabTo(page, settings(), "the settings button, after the latency", { max: 60 });
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await expectFocusOn(page, menu.getByRole("menuitem", { name: /^Latence\s*Standard \(HLS\)/ }), "the Latency line, now HLS");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
  });

  it("gives focus back to the settings button when its menu closes, after Escape and after a choice", async () => {
    const menu = player().getByRole("menu");
    await tabTo(page, settings(), "the settings button", { max: 60 });
    await page.keyboard.press("Enter");
    await expectFocusOn(page, menu.getByRole("menuitem", { name: /^Qualité/ }), "the Quality line");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expectFocusOn(page, settings(), "the settings button, after Escape");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expectFocusOn(page, menu.getByRole("menuitemradio", { name: "Source (360p)", checked: true }), "the chosen quality (the source)");
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "detached" });
    await expectFocusOn(page, settings(), "the settings button, after a choice");
  });

  it("turns the volume up and down with the arrow keys", async () => {
    const slider = player().getByRole("slider", { name: "Volume" });
    await tabTo(page, slider, "the volume slider", { max: 60, back: true });
    // The slider shows 0 while the live is muted (the browser may have refused sound at start).
    const start = Number(await slider.inputValue());
    // One key at a time, as fingers press them: each step lands before the next key.
    const step = async (key: "ArrowRight" | "ArrowLeft", expected: number) => {
      await page.keyboard.press(key);
      await waitFor(
        `the volume at ${expected.toFixed(2)}`,
        async () => {
          const state = await videoState(page);
          return state !== null && Math.abs(state.volume - expected) < 0.001 && !state.muted && Math.abs(Number(await slider.inputValue()) - expected) < 0.001;
        },
        2000,
        10,
      );
    };
    for (let i = 1; i <= 5; i++) await step("ArrowRight", Math.min(1, start + 0.02 * i));
    const up = Math.min(1, start + 0.1);
    for (let i = 1; i <= 3; i++) await step("ArrowLeft", up - 0.02 * i);
    await expectFocusOn(page, slider, "the volume slider");
  });

  it("writes in the chat and sends with Enter", async () => {
    const input = page.getByRole("textbox", { name: "Envoyer un message" });
    await page.getByRole("status").filter({ hasText: "En ligne" }).waitFor();
    await tabTo(page, input, "the chat's message field", { max: 40 });
    await page.keyboard.type("Bonjour au clavier");
    await page.keyboard.press("Enter");
    await page.getByRole("log", { name: "Messages du chat" }).getByText("Bonjour au clavier", { exact: true }).waitFor();
    await expectFocusOn(page, input, "the chat's message field, emptied");
    expect(await input.inputValue()).toBe("");
    const history = (await viewer.browser.get(`/api/messages/${live.channelArn}`)).body;
    expect(JSON.stringify(history)).toContain("Bonjour au clavier");
  });
});

describe("an organiser, keyboard only", () => {
  it("goes from the dashboard to the bracket, starts the first match and enters its score", async () => {
    const organiser = await signedInUser(handles.server);
    const id = await tournamentOf(organiser, 4, "Coupe du clavier");
    const page = await pageOf(organiser);
    await page.goto(`${handles.server.url}/dashboard/${id}`);
    await page.getByRole("heading", { name: "Coupe du clavier" }).waitFor();

    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expectFocusOn(page, page.locator("#main-content"), "the main content");
    await tabTo(page, page.getByRole("link", { name: "Aperçu" }), "the Preview link", { max: 10 });
    await page.keyboard.press("Enter");
    await page.waitForURL(`${handles.server.url}/tournament/${id}`);
    const tabs = page.getByRole("tablist", { name: "Sections du tournoi" });
    await tabTo(page, tabs.getByRole("tab", { selected: true }), "the tournament's tabs", { max: 60 });
    await press(page, "ArrowRight", 2);
    await expectFocusOn(page, tabs.getByRole("tab", { name: "Arbre", selected: true }), "the Brackets tab");

    const start = page.getByRole("button", { name: "Démarrer", exact: true }).first();
    await start.waitFor();
    const card = page.locator("article.match-card", { has: start }).first();
    const matchId = (await card.getAttribute("data-match-id"))!;
    const match = page.locator(`article[data-match-id="${matchId}"]`);
    await tabTo(page, match.getByRole("button", { name: "Démarrer", exact: true }), "the first match's Start button", { max: 10 });
    await page.keyboard.press("Enter");
    const startDialog = page.getByRole("dialog", { name: "Démarrer le match" });
    await startDialog.waitFor();
    await tabTo(page, startDialog.getByRole("button", { name: "Démarrer le match" }), "the dialog's Start the match button", { max: 4 });
    await page.keyboard.press("Enter");
    await startDialog.waitFor({ state: "detached" });

    // Once the match runs, focus waits in its first score.
    const scores = match.getByRole("spinbutton");
    await expectFocusOn(page, scores.nth(0), "the first player's score");
    await press(page, "ArrowUp", 2);
    await page.keyboard.press("Tab");
    await expectFocusOn(page, scores.nth(1), "the second player's score");
    await page.keyboard.press("ArrowUp");
    expect([await scores.nth(0).inputValue(), await scores.nth(1).inputValue()]).toEqual(["2", "1"]);
    // Save the score while the match goes on (issue 18), or end it with that score.
    await page.keyboard.press("Tab");
    await expectFocusOn(page, match.getByRole("button", { name: "Enregistrer le score" }), "the Save score button");
    await page.keyboard.press("Tab");
    await expectFocusOn(page, match.getByRole("button", { name: "Terminer", exact: true }), "the End button");
    await page.keyboard.press("Enter");
    const endDialog = page.getByRole("dialog", { name: "Terminer le match" });
    await endDialog.getByText(/ 2 – 1 /).waitFor();
    await tabTo(page, endDialog.getByRole("button", { name: "Terminer le match" }), "the dialog's End the match button", { max: 4 });
    await page.keyboard.press("Enter");
    await endDialog.waitFor({ state: "detached" });
    await page.locator(`article[data-match-id="${matchId}"].match-card-finished`).waitFor();
    // The finished match keeps focus, so the next Tab goes on from there.
    await expectFocusOn(page, match, "the finished match");

    const seeds = (await organiser.browser.get(`/api/tournament/rounds/${id}`)).body.data[0].seeds as { id: string; finished: boolean; teams: { score: number | null }[] }[];
    const played = seeds.find((seed) => String(seed.id) === matchId)!;
    expect(played.finished).toBe(true);
    expect(played.teams.map((team) => team.score)).toEqual([2, 1]);
  });
});

describe("dialogs, keyboard only", () => {
  it("the login dialog from the top bar traps focus, and Escape gives it back to the Login button", async () => {
    const page = await pageOf(null);
    await page.goto(handles.server.url);
    const login = page.getByRole("banner").getByRole("button", { name: "Connexion", exact: true });
    await login.waitFor();
    await tabTo(page, login, "the top bar's Login button", { max: 15 });
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Connexion à Arena" });
    await dialog.getByRole("textbox").first().waitFor();
    await expectTrapAndReturn(page, dialog, login, "the login dialog");
  });

  it("the share and report dialogs of a stream trap focus, and Escape gives it back to their buttons", async () => {
    const viewer = await signedInUser(handles.server);
    const page = await pageOf(viewer);
    await page.goto(`${handles.server.url}/stream/${live.account.username}`);
    await page.getByRole("heading", { name: "Live au clavier" }).waitFor();

    const share = page.getByRole("button", { name: "Partager", exact: true });
    await tabTo(page, share, "the Share button", { max: 50 });
    await page.keyboard.press("Enter");
    await expectTrapAndReturn(page, page.getByRole("dialog", { name: "Partager le stream" }), share, "the share dialog");

    const more = page.getByRole("button", { name: "Plus d'actions" });
    await tabTo(page, more, "the More actions button", { max: 5 });
    await page.keyboard.press("Enter");
    await expectFocusOn(page, page.getByRole("menuitem", { name: "Signaler" }), "the Report item");
    // Escape closes the menu and focus goes back to its button.
    await page.keyboard.press("Escape");
    await page.getByRole("menu", { name: "Plus d'actions" }).waitFor({ state: "detached" });
    await expectFocusOn(page, more, "the More actions button");
    await page.keyboard.press("Enter");
    await expectFocusOn(page, page.getByRole("menuitem", { name: "Signaler" }), "the Report item");
    await page.keyboard.press("Enter");
    const report = page.getByRole("dialog", { name: `Signaler ${live.account.username}` });
    await report.waitFor();
    // Arrows pick a reason in the group and focus stays on the picked one.
    await tabTo(page, report.getByRole("radio").first(), "the first reason", { max: 3 });
    await page.keyboard.press("ArrowDown");
    await expectFocusOn(page, report.getByRole("radio", { checked: true }).nth(0), "the picked reason");
    expect(await report.getByRole("radio").nth(1).isChecked()).toBe(true);
    await expectTrapAndReturn(page, report, more, "the report dialog");
  });

  it("the cancel-event confirmation traps focus, and Escape gives it back to its button", async () => {
    const organiser = await fundedUser(handles.server, await adminBrowserOf(handles.server), 2000);
    const created = await draftEvent(organiser, { name: "Soirée au clavier", description: "Une soirée de matchs entre voisins", categoryId: 3, maxParticipants: 20 });
    const page = await pageOf(organiser);
    await page.goto(`${handles.server.url}/events/${created.slug}/manage`);
    const cancel = page.getByRole("button", { name: "Annuler l'événement" });
    await cancel.waitFor();
    await tabTo(page, cancel, "the Cancel the event button", { max: 40 });
    await page.keyboard.press("Enter");
    await expectTrapAndReturn(page, page.getByRole("dialog", { name: /Soirée au clavier/ }), cancel, "the cancel-event confirmation");
  });
});

describe("the bracket scroller, keyboard only", () => {
  it("takes focus on a phone and scrolls a wide bracket with the arrow keys", async () => {
    const organiser = await signedInUser(handles.server);
    const id = await tournamentOf(organiser, 8, "Arbre au clavier");
    const page = await pageOf(null, PHONE);
    await page.goto(`${handles.server.url}/tournament/${id}?tab=brackets`);
    const region = page.getByRole("region", { name: "Arbre du tournoi" });
    await region.locator("article.match-card").first().waitFor();
    const scroll = () => region.evaluate((element) => ({ left: element.scrollLeft, width: element.scrollWidth, shown: element.clientWidth }));
    const start = await scroll();
    expect(start.width).toBeGreaterThan(start.shown);
    expect(start.left).toBe(0);

    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expectFocusOn(page, page.locator("#main-content"), "the main content");
    await tabTo(page, region, "the bracket's region", { max: 20 });
    await press(page, "ArrowRight", 4);
    const moved = await waitFor(
      "the bracket scrolls right",
      async () => {
        const now = await scroll();
        return now.left > 0 ? now : undefined;
      },
      3000,
      25,
    );
    await press(page, "ArrowRight", 2);
    await waitFor("the bracket scrolls further", async () => (await scroll()).left > moved.left, 3000, 25);
    await press(page, "ArrowLeft", 12);
    await waitFor("the bracket scrolls back", async () => (await scroll()).left === 0, 3000, 25);
    await expectFocusOn(page, region, "the bracket's region");
  });
});
