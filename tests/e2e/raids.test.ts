import { beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { contextFor, inEveryLook, pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";
import { channelIdOf, signedInUser } from "../fixtures/server.ts";

// Raids (issue 36, item 5) in chromium against a real server with two real lives (ffmpeg): the streamer of A raids B
// from their stream page; A's viewer sees the 10 s notice and lands on B, whose chat says who arrived with how many;
// another viewer chooses "Rester" and stays; the target's OBS alert overlay announces the raiders. The 10 s run on the viewer page's clock (context.clock), not the test's.
// SCREENSHOTS=1 also writes the raid dialog, the notice and Settings → Raids at phone and desktop width, dark and light.

const handles = useServerAndBrowser({}, { ingest: true });
type Streamer = Awaited<ReturnType<typeof signedInUser>>;
let raider: Streamer;
let target: Streamer;

async function goLive(title: string): Promise<Streamer> {
  const streamer = await signedInUser(handles.server);
  const start = await streamer.browser.post("/api/stream/startstreaming", { title, gameId: 1 });
  expect(start.status).toBe(200);
  const started = handles.server.deps.bus.next("stream:started", (event) => event.username === streamer.account.username);
  handles.publishers.push(publishTestStream(`rtmp://127.0.0.1:${handles.rtmpPort}/live/${start.body.streamKey}`, { seconds: 300, lasts: "file" }));
  await started;
  return streamer;
}

beforeAll(async () => {
  [raider, target] = await Promise.all([goLive("Fin de soirée"), goLive("Tournoi de minuit")]);
  // The raider follows the target: it is among their suggestions.
  expect((await raider.browser.post("/api/stream/follow", { channelId: target.user.id })).status).toBe(200);
});

/** A visitor watching the raider's live, counted among its viewers, on a clock the test moves. */
async function viewerOfRaider(): Promise<Page> {
  const context = await contextFor(handles, null);
  await context.clock.install();
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${handles.server.url}/stream/${raider.account.username}`);
  await page.getByRole("heading", { name: "Fin de soirée" }).first().waitFor();
  return page;
}

/**
 * Starts a raid of the raider's through the API once `page` hears it: the page joins the channel's room when its
 * socket connects, so a raid started before that is called off and started again.
 */
async function raidSeenBy(page: Page): Promise<void> {
  await waitFor("the raid's notice", async () => {
    if ((await raider.browser.post("/api/raids", { target: target.account.username })).status !== 201) return false;
    const shown = await page
      .getByText(/Raid vers/)
      .waitFor({ timeout: 2000 })
      .then(() => true)
      .catch(() => false);
    if (!shown) await raider.browser.request("DELETE", "/api/raids/current");
    return shown;
  });
}

const raidLine = (viewers: number) => `${raider.account.username} arrive avec ${viewers} ${viewers === 1 ? "spectateur" : "spectateurs"}`;

async function viewersOfRaid(): Promise<number> {
  const channelId = await channelIdOf(handles.server, raider.account.username);
  const raid = await handles.server.deps.db.selectFrom("raid").select("viewers").where("from_channel_id", "=", channelId).orderBy("id", "desc").executeTakeFirstOrThrow();
  return raid.viewers;
}

describe("a raid", () => {
  it("takes the raider's viewers to the target's live, whose chat says who arrived with how many", async () => {
    const viewer = await viewerOfRaider();
    const raiderChannel = await channelIdOf(handles.server, raider.account.username);
    await waitFor("the viewer counted", async () => (await handles.server.deps.db.selectFrom("viewer_presence").select("viewer_id").where("channel_id", "=", raiderChannel).execute()).length > 0);

    // The target's alert overlay, open as OBS opens it (issue 36, item 4): no session, 1920×1080.
    const secret = (await target.browser.get("/api/me/overlay")).body.secret as string;
    const overlay = await pageFor(handles, null, { viewport: { width: 1920, height: 1080 } });
    await overlay.goto(`${handles.server.url}/overlay/${secret}/alerts`);
    await overlay.locator("main.overlay-stage").waitFor();

    const streamerPage = await pageFor(handles, raider);
    await streamerPage.goto(`${handles.server.url}/stream/${raider.account.username}`);
    await streamerPage.getByRole("button", { name: "Raid", exact: true }).click();
    const dialog = streamerPage.getByRole("dialog", { name: "Lancer un raid" });
    await dialog.getByText("Chaîne suivie").waitFor();
    await dialog.getByRole("radio", { name: `Choisir ${target.account.username}` }).check();
    await dialog.getByRole("button", { name: "Lancer le raid" }).click();
    await streamerPage.getByText(new RegExp(`Raid vers ${target.account.username} dans \\d+ s`)).waitFor();
    await streamerPage.getByRole("button", { name: "Annuler le raid" }).waitFor();

    // The viewer is told, then taken there when the countdown ends.
    await viewer.getByText(new RegExp(`Raid vers ${target.account.username} dans \\d+ s`)).waitFor();
    await viewer.getByText(`Le live continue chez ${target.account.username} : vous y serez emmené.`).waitFor();
    await viewer.clock.fastForward(10_000);
    await viewer.waitForURL(`**/stream/${target.account.username}`);
    await viewer.getByRole("heading", { name: "Tournoi de minuit" }).first().waitFor();
    // The server lands the raid when its own 10 s are over: the target's chat says it.
    await viewer
      .locator(`[data-system="raid_arrived"]`)
      .getByText(raidLine(await viewersOfRaid()))
      .waitFor({ timeout: 30_000 });
    const arrived = await handles.server.deps.db.selectFrom("raid").select("state").where("from_channel_id", "=", raiderChannel).executeTakeFirstOrThrow();
    expect(arrived.state).toBe("landed");
    // And the target's overlay announces the raiders, with the count the raid recorded.
    await overlay
      .locator('[data-alert-kind="raid"]')
      .getByText(raidLine(await viewersOfRaid()))
      .waitFor();
  });

  it("leaves a viewer who chose to stay where they are", async () => {
    const viewer = await viewerOfRaider();
    await raidSeenBy(viewer);
    await viewer.getByRole("button", { name: "Rester" }).click();
    await viewer.clock.fastForward(12_000);
    expect(new URL(viewer.url()).pathname).toBe(`/stream/${raider.account.username}`);
    expect(await viewer.getByText(/Raid vers/).count()).toBe(0);
    expect((await raider.browser.request("DELETE", "/api/raids/current")).status).toBe(200);
  });

  it("lets a streamer refuse raids and block a channel from Settings → Raids", async () => {
    const page = await pageFor(handles, target);
    await page.goto(`${handles.server.url}/settings?tab=raids`);
    await page.getByRole("heading", { name: "Raids" }).waitFor();
    await page.getByLabel("Personne", { exact: true }).check();
    await page.getByText("Réglage des raids enregistré.").waitFor();
    expect((await raider.browser.post("/api/raids", { target: target.account.username })).body.code).toBe("raid_refused");
    await page.getByLabel("Tout le monde", { exact: true }).check();
    await page.getByLabel("Nom de la chaîne à bloquer").fill(raider.account.username);
    await page.getByRole("button", { name: "Bloquer", exact: true }).click();
    await page.getByRole("button", { name: `Débloquer ${raider.account.username}` }).waitFor();
    expect((await raider.browser.post("/api/raids", { target: target.account.username })).body.code).toBe("raid_blocked");
    if (process.env.SCREENSHOTS) await screenshots();
    await page.getByRole("button", { name: `Débloquer ${raider.account.username}` }).click();
    await page.getByText("Aucune chaîne bloquée.").waitFor();
  });
});

async function screenshots() {
  await inEveryLook(handles, target, "/settings?tab=raids", async (page, save) => {
    await page.getByRole("button", { name: `Débloquer ${raider.account.username}` }).waitFor();
    await save("raids-settings");
  });
  // The dialog and the notice, towards a channel that no longer blocks the raider.
  await handles.server.deps.db.deleteFrom("raid_block").execute();
  await inEveryLook(handles, raider, `/stream/${raider.account.username}`, async (page, save) => {
    // On a phone the toolbar is under the Details tab.
    if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole("tab", { name: "Détails" }).click();
    await page.getByRole("button", { name: "Raid", exact: true }).click();
    await page.getByRole("dialog", { name: "Lancer un raid" }).getByText("Chaîne suivie").waitFor();
    await page.waitForTimeout(300);
    await save("raids-dialog");
  });
  await inEveryLook(handles, null, `/stream/${raider.account.username}`, async (page, save) => {
    await page.getByRole("heading", { name: "Fin de soirée" }).first().waitFor();
    await raidSeenBy(page);
    await page.locator(".raid-notice").scrollIntoViewIfNeeded();
    await save("raids-notice");
    await raider.browser.request("DELETE", "/api/raids/current");
  });
}
