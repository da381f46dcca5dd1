import { describe, expect, it } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { inEveryLook, newMemberContext, pageFor, type SignedIn, useServerAndBrowser } from "../fixtures/e2e.ts";
import { signedInUser } from "../fixtures/server.ts";
import { connect } from "../fixtures/sockets.ts";
import { startedTournament } from "../fixtures/tournaments.ts";

// OBS overlays through the screens (issue 36, item 4). A streamer copies their overlays' addresses from Settings →
// Intégrations and opens them as OBS would: a 1920×1080 page with no session and a transparent background. A viewer
// follows and the alert shows; a test alert queues behind it; a chat line appears in the chat overlay; the organiser
// records a score and the score bug follows it (the delay is measured by bench/overlays, never asserted here); the
// "starting soon" scene names the next match; a new address stops the old one where OBS shows it.
// SCREENSHOTS=1 also writes the settings (phone and desktop, dark and light) and each overlay at 1920×1080 on a
// checkerboard (the transparency made visible), dark and light, to docs/screenshots/.

const handles = useServerAndBrowser();
const OBS = { width: 1920, height: 1080 };

/** The overlay's address as the settings give it: shown, then read from its field. */
async function copiedAddress(settings: Page, label: string): Promise<string> {
  const row = settings.getByRole("listitem").filter({ has: settings.getByLabel(label, { exact: true }) });
  await row.getByRole("button", { name: `Afficher : ${label}` }).click();
  return row.getByLabel(label, { exact: true }).inputValue();
}

/** An OBS browser source: nobody signed in, 1920×1080. */
async function obsSource(address: string): Promise<Page> {
  const page = await pageFor(handles, null, { viewport: OBS });
  await page.goto(address);
  await page.locator("main.overlay-stage").waitFor();
  return page;
}

const backgroundOf = (page: Page) => page.evaluate(() => [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).backgroundColor]);

describe("OBS overlays", () => {
  it("gives the streamer their addresses, shows a follow and a test alert in turn, the chat and the score as it is recorded", async () => {
    const streamer = await newMemberContext(handles);
    const settings = await streamer.context.newPage();
    settings.setDefaultTimeout(10_000);
    await settings.goto(`${handles.server.url}/settings?tab=integrations`);
    await settings.getByRole("heading", { name: "Incrustations OBS" }).waitFor();
    const alertsAddress = await copiedAddress(settings, "Alertes");
    expect(alertsAddress).toMatch(new RegExp(`^${handles.server.url}/overlay/[A-Za-z0-9_-]{32}/alerts$`));

    const alerts = await obsSource(alertsAddress);
    expect(await backgroundOf(alerts)).toEqual(["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]);
    await expect(alerts.locator("[data-alert-kind]").count()).resolves.toBe(0);

    // A viewer follows from the stream page: the alert names them.
    const viewer = await newMemberContext(handles);
    const stream = await viewer.context.newPage();
    await stream.goto(`${handles.server.url}/stream/${streamer.account.username}`);
    await stream.getByRole("button", { name: "Suivre" }).first().click();
    await alerts.getByText(`${viewer.account.username} suit la chaîne !`).waitFor();
    // A test alert from the settings waits for the follow to leave, then shows.
    await settings.getByRole("button", { name: "Raid" }).click();
    await alerts.getByText(`${streamer.account.username} arrive avec 12 spectateurs`).waitFor({ timeout: 15_000 });
    if (process.env.SCREENSHOTS) await onCheckerboard(alerts, "overlay-alert");

    // The chat overlay shows a line as it is written.
    const chat = await obsSource(await copiedAddress(settings, "Chat"));
    const { streamID } = (await streamer.api.get("/api/me/overlay").then(async () => streamer.api.get(`/api/overlay/${alertsAddress.split("/").at(-2)}`))).body;
    const writer = await connect(handles.server.url, "/writechat", { cookie: `arena_session=${viewer.api.cookies.get("arena_session")}` });
    try {
      const sent = await writer.emitWithAck("message", { streamID, message: "GG à tous !" });
      expect(sent.ok).toBe(true);
    } finally {
      writer.close();
    }
    await chat.getByText("GG à tous !").waitFor();
    expect(await backgroundOf(chat)).toEqual(["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]);
    if (process.env.SCREENSHOTS) await onCheckerboard(chat, "overlay-chat");

    // The organiser's station is streamed by this channel: the score bug shows its match and follows each score.
    const organiser = await signedInUser(handles.server);
    const { id } = await startedTournament(handles.server, organiser, 4);
    const station = (await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Table 1", channel: streamer.account.username })).body.station;
    expect((await streamer.api.post(`/api/tournament/${id}/stations/${station.id}/answer`, { accept: true })).status).toBe(200);
    const rounds = (await organiser.browser.get(`/api/tournament/rounds/${id}`)).body.data as { seeds: { id: string; teams: { player: { name: string } }[] }[] }[];
    const match = rounds[0]!.seeds[0]!;
    await organiser.browser.put(`/api/tournament/${id}/stations/${station.id}/match`, { matchID: match.id });
    const bug = await obsSource(await copiedAddress(settings, "Score"));
    const card = bug.locator(`[data-match-id="${match.id}"]`);
    await card.getByText(match.teams[0]!.player.name).waitFor();
    await card.getByText("À suivre").waitFor();
    await card.getByText(/Demi-finales · Élimination simple · Table 1/).waitFor();
    const scene = await obsSource(`${await copiedAddress(settings, "Ça commence bientôt")}&theme=light`);
    await scene.getByRole("heading", { name: "Ça commence bientôt" }).waitFor();
    await scene.locator(`[data-match-id="${match.id}"]`).getByText("Prochain match").waitFor();

    expect((await organiser.browser.post(`/api/tournament/start-match/${match.id}`)).status).toBe(200);
    expect((await organiser.browser.put(`/api/tournament/${id}/matches/${match.id}/score`, { scorePlayer1: 2, scorePlayer2: 1 })).status).toBe(200);
    await card.getByText("En cours").waitFor();
    expect(await card.locator("[data-score]").evaluateAll((scores) => scores.map((score) => score.textContent))).toEqual(["2", "1"]);
    await scene.getByText("Match en cours").waitFor();
    if (process.env.SCREENSHOTS) {
      await onCheckerboard(bug, "overlay-score");
      await scene.screenshot({ path: screenshotPath("overlay-scene-1920-light") });
    }

    // A new address: the old one's sources say so, where OBS shows them.
    await settings.getByRole("button", { name: "Nouvelle adresse" }).click();
    await settings.getByRole("dialog", { name: "Remplacer l'adresse des incrustations ?" }).getByRole("button", { name: "Nouvelle adresse" }).click();
    await alerts
      .getByRole("alert")
      .getByText(/Cette adresse d'incrustation n'existe plus/)
      .waitFor();
    expect(await settings.getByLabel("Alertes", { exact: true }).inputValue()).not.toBe(alertsAddress);
    if (process.env.SCREENSHOTS) await settingsScreenshots(streamer);
  });
});

const screenshotPath = (name: string) => join(import.meta.dir, "../../docs/screenshots", `${name}.png`);

/** The overlay as OBS composes it: a checkerboard shows through wherever the page is transparent; dark, then light. */
async function onCheckerboard(page: Page, name: string) {
  await page.addStyleTag({ content: "html.overlay-document { background: repeating-conic-gradient(#9a9a9a 0 25%, #dcdcdc 0 50%) 0 0 / 48px 48px !important; }" });
  for (const theme of ["dark", "light"] as const) {
    await page.evaluate((chosen) => {
      document.documentElement.dataset.theme = chosen;
    }, theme);
    await page.screenshot({ path: screenshotPath(`${name}-1920-${theme}`), animations: "disabled" });
  }
}

/** Settings → Intégrations, the overlays' panel, at phone and desktop width, dark and light. */
function settingsScreenshots(member: SignedIn) {
  return inEveryLook(handles, member, "/settings?tab=integrations", async (page, save, phone) => {
    await page.getByRole("heading", { name: "Incrustations OBS" }).scrollIntoViewIfNeeded();
    await page.getByLabel("Alertes", { exact: true }).waitFor();
    await save("overlays-settings", { fullPage: phone });
  });
}
