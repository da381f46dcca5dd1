import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { loggedInContext, useServerAndBrowser, visitorContext } from "../fixtures/e2e.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";
import { signedInUser } from "../fixtures/server.ts";

// The LAN final as one object (issue 18): a tournament with two stations, one streamed by a channel
// publishing a real ffmpeg test stream to the real media server. The organiser auto-assigns and starts
// the match on the streamed station; a viewer of the stream sees the match banner and the bracket's
// lines in the chat; the organiser reports the score; the match replay appears on the card and plays.

const handles = useServerAndBrowser({}, { ingest: true });

async function loggedIn() {
  const member = await signedInUser(handles.server);
  const context = await loggedInContext(handles.browser, handles.server.url, member.browser.cookies.get("arena_session")!, member.user);
  handles.contexts.push(context);
  return { ...member, context };
}

/** Waits until the page's <video> has data and its clock moves on. */
async function expectPlays(page: Page): Promise<void> {
  const time = () => page.evaluate(() => ({ t: document.querySelector("video")?.currentTime ?? 0, ready: document.querySelector("video")?.readyState ?? 0 }));
  const first = await waitFor("replay data", async () => ((await time()).ready >= 2 ? await time() : undefined), 30_000, 200);
  await waitFor("replay plays", async () => (await time()).t > first.t + 1, 20_000, 200);
}

describe("a streamed match becomes its own replay", () => {
  it("auto-assigns, starts on the streamed station, speaks in its chat, and leaves a replay that plays from the card", async () => {
    const organiser = await loggedIn();
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "Finale LAN", format: "s_elim", size: "4", gameID: "1" })) form.append(key, value);
    const id = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
    await organiser.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: organiser.user.id });
    for (let i = 1; i < 4; i++) {
      const player = await signedInUser(handles.server);
      await player.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: player.user.id });
    }
    for (const p of (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body.filter((p: { status: string }) => p.status === "pending"))
      await organiser.browser.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: p.id });
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);

    // The caster goes live with a real ffmpeg stream; the stations are declared (their form has its own journey).
    const caster = await signedInUser(handles.server);
    const start = await caster.browser.post("/api/stream/startstreaming", { title: "Finale LAN en direct", gameId: 1, tags: [], description: "" });
    const username = caster.account.username;
    const started = handles.server.deps.bus.next("stream:started", (e) => e.username === username);
    handles.publishers.push(publishTestStream(`rtmp://127.0.0.1:${handles.server.rtmpPort}/live/${start.body.streamKey}`, { seconds: 120, lasts: "file" }));
    await started;
    await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Scène", channel: username });
    await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Poste 2" });

    const page = await organiser.context.newPage();
    await page.goto(`${handles.server.url}/tournament/${id}?tab=brackets`);
    await page.getByRole("region", { name: "Postes" }).getByRole("switch", { name: "Attribution automatique" }).click();
    const card = page.locator(`article[data-match-id="${id}-0"]`);
    await card.getByText("Scène").waitFor();
    await card.getByText("En direct", { exact: true }).waitFor();
    await page.locator(`article[data-match-id="${id}-1"]`).getByText("Poste 2").waitFor();

    // A viewer watches the caster's live: the banner names the match, then its start, and the chat says so.
    const viewerContext = await visitorContext(handles.browser);
    handles.contexts.push(viewerContext);
    const viewer = await viewerContext.newPage();
    await viewer.goto(`${handles.server.url}/stream/${username}`);
    const banner = viewer.getByRole("region", { name: "Le match de ce live" });
    await banner.getByText("Prochain match").waitFor();
    await card.getByRole("button", { name: "Démarrer", exact: true }).click();
    await page.getByRole("dialog", { name: "Démarrer le match" }).getByRole("button", { name: "Démarrer le match" }).click();
    await banner.getByText("En cours").waitFor();
    const chat = viewer.getByRole("log");
    await chat.locator(".chat-line-system", { hasText: "Le match commence au poste Scène" }).waitFor();

    // The organiser reports the score: first during the match, then its end.
    const scores = card.locator("input.match-score");
    await scores.nth(0).fill("1");
    await card.getByRole("button", { name: "Enregistrer le score" }).click();
    await banner.getByText("1 – 0").waitFor();
    await chat.locator(".chat-line-system", { hasText: "Score au poste Scène" }).waitFor();
    await viewer.waitForTimeout(3000);
    await scores.nth(0).fill("2");
    await card.getByRole("button", { name: "Terminer", exact: true }).click();
    await page.getByRole("dialog", { name: "Terminer le match" }).getByRole("button", { name: "Terminer le match" }).click();
    await chat.locator(".chat-line-system", { hasText: /gagne 2–0/ }).waitFor();

    // The cut is made once the end's margin is recorded; the card shows its replay, live, and it plays.
    const replayLink = card.getByRole("link", { name: /^Voir la rediffusion de / });
    await replayLink.waitFor({ timeout: 30_000 });
    await replayLink.click();
    await page.waitForURL(/\/replay\/\d+$/);
    await page.getByRole("heading", { level: 1, name: /^Tour 1 — .+ vs .+$|^Demi-finales — .+ vs .+$/ }).waitFor();
    await page.getByRole("link", { name: "Du tournoi Finale LAN" }).waitFor();
    await expectPlays(page);
  }, 120_000);
});
