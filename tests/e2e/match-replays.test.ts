import { describe, expect, it } from "bun:test";
import { loggedInContext, useServerAndBrowser, visitorContext } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, fundedUser, publishedEvent } from "../fixtures/money.ts";
import { buyTicketFromRefusal, expectPicturePlays } from "../fixtures/playback.ts";
import { publishTestStream } from "../fixtures/publisher.ts";
import { signedInUser } from "../fixtures/server.ts";
import { fullTournamentOfFour } from "../fixtures/tournaments.ts";

// The LAN final as one object (issue 18): a tournament with two stations, one streamed by a channel
// publishing a real ffmpeg test stream to the real media server. The organiser auto-assigns and starts
// the match on the streamed station; a viewer of the stream sees the match banner and the bracket's
// lines in the chat; the organiser reports the score; the match replay appears on the card and plays.
// Then the caster keeps the rest of the night for their event's ticket holders: a member without a
// ticket is refused with a link to buy one, buys it, and the live plays.

const handles = useServerAndBrowser({ ...ADMIN_ENV }, { ingest: true });

async function loggedIn() {
  const member = await signedInUser(handles.server);
  const context = await loggedInContext(handles.browser, handles.server.url, member.browser.cookies.get("arena_session")!, member.user);
  handles.contexts.push(context);
  return { ...member, context };
}

describe("a streamed match becomes its own replay", () => {
  it("auto-assigns, starts on the streamed station, speaks in its chat, and leaves a replay that plays from the card", async () => {
    const organiser = await loggedIn();
    const id = await fullTournamentOfFour(handles.server, organiser);
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);

    // The caster goes live with a real ffmpeg stream; the stations are declared (their form has its own journey).
    const caster = await signedInUser(handles.server);
    const start = await caster.browser.post("/api/stream/startstreaming", { title: "Finale LAN en direct", gameId: 1, tags: [], description: "" });
    const username = caster.account.username;
    const started = handles.server.deps.bus.next("stream:started", (e) => e.username === username);
    handles.publishers.push(publishTestStream(`rtmp://127.0.0.1:${handles.server.rtmpPort}/live/${start.body.streamKey}`, { seconds: 180, lasts: "file" }));
    await started;
    const stage = (await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Scène", channel: username })).body.station;
    await caster.browser.post(`/api/tournament/${id}/stations/${stage.id}/answer`, { accept: true });
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
    await expectPicturePlays(page, "the match replay");

    // The rest of the night is for the caster's event's ticket holders: a member without one is refused with the way in, buys, and watches.
    const admin = await adminBrowserOf(handles.server);
    expect((await admin.post("/api/wallet/credit", { userId: caster.user.id, amount: 1000 })).status).toBe(200);
    const event = await publishedEvent(caster);
    expect((await caster.browser.put("/api/stream/channel-settings", { watch: { mode: "ticket", eventId: event.id } })).status).toBe(200);
    const member = await fundedUser(handles.server, admin, 500);
    const memberContext = await loggedInContext(handles.browser, handles.server.url, member.browser.cookies.get("arena_session")!, member.user);
    handles.contexts.push(memberContext);
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`${handles.server.url}/stream/${username}`);
    const refusal = memberPage.getByRole("alert").filter({ hasText: "Réservé aux détenteurs de billet" });
    await refusal.getByText("Ce live est réservé aux détenteurs d'un billet pour LAN d'hiver.").waitFor();
    expect(await memberPage.locator("video").count()).toBe(0);
    await buyTicketFromRefusal(memberPage, handles.server.url, { username, eventSlug: event.slug });
    await expectPicturePlays(memberPage, "the ticketed live");
  }, 180_000);
});
