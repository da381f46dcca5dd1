import { beforeAll, describe, expect, it } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { useServerAndBrowser, visitorContext } from "../fixtures/e2e.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";
import { signedInUser, type TestServer } from "../fixtures/server.ts";

/** The home page in chromium against a real server: empty first, then with two real lives and a tournament. */
const live = useServerAndBrowser({}, { ingest: true });
const { contexts, publishers } = live;
let server: TestServer;
let browser: Browser;
let rtmpPort: number;
beforeAll(() => void ({ server, browser, rtmpPort } = live));

async function homePage(viewport?: { width: number; height: number }): Promise<Page> {
  const context = await visitorContext(browser, viewport);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(server.url);
  return page;
}

async function goLive(title: string, gameId: number) {
  const user = await signedInUser(server);
  const start = await user.browser.post("/api/stream/startstreaming", { title, gameId, tags: ["fr", "lan"], description: `${title} en direct` });
  const started = server.deps.bus.next("stream:started", (e) => e.username === user.account.username);
  publishers.push(publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${start.body.streamKey}`, { seconds: 120, lasts: "file" }));
  await started;
  return user;
}

const row = (page: Page, name: string) => page.getByRole("region", { name });

describe("home", () => {
  it("says nobody is live on an empty site, and still offers the catalogue's games", async () => {
    const page = await homePage();
    await page.getByText("Aucun live pour l'instant. Rien encore : revenez plus tard !").waitFor();
    await row(page, "Lives recommandés").getByText("Personne n'est en direct pour le moment.").waitFor();
    await row(page, "Tournois recommandés").getByText("Aucun tournoi en cours ni ouvert pour le moment.").waitFor();
    const games = row(page, "Jeux tendance").getByRole("link");
    await games.first().waitFor();
    expect(await games.count()).toBe(12);
    await games.first().click();
    await page.waitForURL(`${server.url}/game/1`);
  });

  it("features the lives in a wrapping carousel that plays the selected one muted, with rows of lives, tournaments and games", async () => {
    const first = await goLive("Finale LAN", 3);
    const second = await goLive("Qualifs du soir", 9);
    await waitFor(
      "two thumbnails",
      async () => {
        const data = (await first.browser.get("/api/stream/streams")).body.data as { thumbnail: string | null }[];
        return data.length === 2 && data.every((s) => s.thumbnail) ? data : undefined;
      },
      20_000,
      250,
    );
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "Coupe du dimanche", format: "s_elim", size: "4", gameID: "3" })) form.append(key, value);
    expect((await first.browser.post("/api/tournament/create-tournament", form)).status).toBe(201);

    const page = await homePage();
    const carousel = page.getByRole("region", { name: "Lives en vedette" });
    const slides = carousel.getByRole("button", { name: /^Afficher le live de / });
    await slides.nth(1).waitFor();
    expect(await slides.count()).toBe(2);
    const featuredTitle = () => carousel.locator(".carousel-title").textContent();
    const titles = new Set([await featuredTitle()]);

    // The featured live plays, muted, without a click.
    const video = await waitFor(
      "the featured live plays",
      async () => {
        const state = await page.evaluate(() => {
          const element = document.querySelector(".carousel video") as HTMLVideoElement | null;
          return element && { time: element.currentTime, muted: element.muted, paused: element.paused };
        });
        return state && !state.paused && state.time > 0.5 ? state : undefined;
      },
      30_000,
      200,
    );
    expect(video.muted).toBe(true);

    // Next, then next again wraps to the first; previous from the first wraps to the last.
    await carousel.getByRole("button", { name: "Live suivant" }).click();
    titles.add(await featuredTitle());
    expect(titles).toEqual(new Set(["Finale LAN", "Qualifs du soir"]));
    await carousel.getByRole("button", { name: "Live suivant" }).click();
    const afterWrap = await featuredTitle();
    await carousel.getByRole("button", { name: "Live précédent" }).click();
    expect(await featuredTitle()).not.toBe(afterWrap);
    await slides
      .filter({ has: page.locator("img") })
      .nth(0)
      .click();
    expect(await slides.nth(0).getAttribute("aria-current")).toBe("true");

    // Cards: a Live badge, the title to the stream, the name to the profile, the game and the tags.
    const lives = row(page, "Lives recommandés");
    const card = lives.getByRole("article").filter({ hasText: "Qualifs du soir" });
    await card.getByText("En direct", { exact: true }).waitFor();
    expect(await card.getByRole("link", { name: second.account.username }).getAttribute("href")).toBe(`/profile/${second.account.username}`);
    expect(await card.getByRole("link", { name: "fr" }).getAttribute("href")).toBe("/tag/fr");
    expect(await card.getByRole("link", { name: "Qualifs du soir" }).getAttribute("href")).toBe(`/stream/${second.account.username}`);
    await row(page, "Tournois recommandés").getByText("Coupe du dimanche").waitFor();

    // The games being played lead the trending row.
    const games = row(page, "Jeux tendance").getByRole("link");
    await waitFor("the live games first", async () => {
      const hrefs = await games.evaluateAll((links) => links.slice(0, 2).map((link) => link.getAttribute("href")));
      return new Set(hrefs).size === 2 && hrefs.every((href) => href === "/game/3" || href === "/game/9") ? hrefs : undefined;
    });
  });

  it("stacks the carousel on a phone with the arrows beside the featured info", async () => {
    const page = await homePage({ width: 375, height: 812 });
    const next = page.getByRole("button", { name: "Live suivant" });
    await next.waitFor();
    const player = await page.locator(".carousel-player").boundingBox();
    const arrow = await next.boundingBox();
    expect(arrow!.y).toBeGreaterThan(player!.y + player!.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

describe("a viewer's journey", () => {
  it("goes from home to a live, follows the channel, sees it in the sidebar, is told when another followed channel goes live, and reports a stream to the moderators", async () => {
    await goLive("Session du jeudi", 4);
    const { browser: viewerApi, user } = await signedInUser(server);
    const context = await (await import("../fixtures/e2e.ts")).loggedInContext(browser, server.url, viewerApi.cookies.get("arena_session")!, user);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(server.url);

    // Home → a live card → its stream page; follow it there.
    const card = row(page, "Lives recommandés").getByRole("article").filter({ hasText: "Session du jeudi" });
    await card.getByRole("link", { name: "Session du jeudi" }).click();
    await page.getByRole("heading", { name: "Session du jeudi" }).waitFor();
    const streamer = new URL(page.url()).pathname.split("/").at(-1)!;
    await page.getByRole("button", { name: "Suivre", exact: true }).click();
    await page
      .getByRole("region", { name: "Chaînes suivies" })
      .getByRole("link", { name: new RegExp(streamer) })
      .waitFor();

    // Another channel the viewer follows goes live: the bell counts it without a reload.
    const next = await signedInUser(server);
    await next.browser.post("/api/stream/startstreaming", { title: "Soirée speedrun", gameId: 2, tags: [], description: "" });
    const { user: nextId } = (await viewerApi.get(`/api/stream/stream/${next.account.username}`)).body as { user: number };
    expect((await viewerApi.post("/api/stream/follow", { channelId: nextId })).status).toBe(200);
    const key = (await next.browser.get("/api/stream/mystreamkey")).body.streamKey as string;
    const started = server.deps.bus.next("stream:started", (e) => e.username === next.account.username);
    publishers.push(publishTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${key}`, { seconds: 30 }));
    await started;
    // The bell polls once a minute: within this test's time only the socket.io push can bring it.
    await page.getByRole("link", { name: "Notifications : 1 non lues" }).click();
    await page.getByText(`${next.account.username} est en direct : Soirée speedrun`).waitFor();

    // Report the first stream; a moderator finds it in the queue.
    await page.goto(`${server.url}/stream/${streamer}`);
    await page.getByRole("button", { name: "Plus d'actions" }).click();
    await page.getByRole("menuitem", { name: "Signaler" }).click();
    const dialog = page.getByRole("dialog", { name: `Signaler ${streamer}` });
    await dialog.getByRole("radio", { name: "Spam, arnaque ou publicité" }).check();
    await dialog.getByRole("button", { name: "Signaler" }).click();
    await page.getByText("Merci, votre signalement a été envoyé à la modération.").waitFor();
    const moderator = await signedInUser(server);
    await server.deps.db.updateTable("user").set({ role: "moderator" }).where("id", "=", moderator.user.id).execute();
    const queue = (await moderator.browser.get("/api/reports?status=open")).body.reports as { targetLabel: string; reason: string }[];
    expect(queue.some((report) => report.reason === "Spam, arnaque ou publicité")).toBe(true);
  });
});
