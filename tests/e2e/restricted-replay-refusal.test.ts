import { describe, expect, it } from "bun:test";
import { pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, fundedUser, publishedEvent } from "../fixtures/money.ts";
import { buyTicketFromRefusal, expectPicturePlays } from "../fixtures/playback.ts";
import { publishTestStream } from "../fixtures/publisher.ts";

// The replay of a ticketed live (issue 18, item 4) whose viewer loses the ticket while it plays. A
// replay file is read in ranges, each asked of the same rule as the live (server/live/media-routes.ts,
// recordingRoutes): once the holder seeks past what the browser has read, the next range is refused,
// the player reports the failed load, and the replay page asks the rule again and shows why, with
// the way back in. The live is pushed grainy at 6 Mbps so that 20 s outgrow the browser's read-ahead.

const handles = useServerAndBrowser({ DEMO: "0", ...ADMIN_ENV }, { ingest: true });

describe("a ticket refunded while its holder watches the replay", () => {
  it("replaces the replay with the refusal panel at the next seek, whose link gets the holder back in", async () => {
    const { server } = handles;
    const admin = await adminBrowserOf(server);
    const streamer = await fundedUser(server, admin, 1000);
    const event = await publishedEvent(streamer);
    expect((await streamer.browser.put("/api/stream/channel-settings", { watch: { mode: "ticket", eventId: event.id } })).status).toBe(200);
    const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale de la LAN", gameId: 1, tags: [] });
    const channel = await server.deps.db.selectFrom("channel").select("id").where("user_id", "=", streamer.user.id).executeTakeFirstOrThrow();
    // The live runs 20 s and ends: it leaves its replay, under the live's rule.
    const ready = server.deps.bus.next("replay:ready", (event) => event.channelId === channel.id, 60_000);
    publishTestStream(`rtmp://127.0.0.1:${handles.rtmpPort}/live/${start.body.streamKey}`, { seconds: 20, picture: "grain", pace: "as fast as it encodes" });
    const { replayId } = await ready;

    const holder = await fundedUser(server, admin, 500);
    const bought = await holder.browser.post("/api/tickets/purchase", { userId: String(holder.user.id), eventId: event.id, ticketType: "match", price: 100 });
    expect(bought.status).toBe(201);
    const page = await pageFor(handles, holder, { language: "fr" });
    await page.goto(`${server.url}/replay/${replayId}`);
    await expectPicturePlays(page);
    // Paused, the browser reads ahead a few seconds and stops: however slow this run, the end stays unread.
    await page.locator("video").hover();
    await page.getByRole("button", { name: "Pause (Espace)" }).click();

    // The holder gives the ticket back in another tab, then jumps to the end of the replay, past what the browser has read.
    expect((await holder.browser.post(`/api/tickets/${bought.body.ticket.id}/cancel`)).status).toBe(200);
    const { end, readUpTo } = await page.evaluate(() => {
      const video = document.querySelector("video")!;
      return { end: video.duration - 0.5, readUpTo: video.buffered.length ? video.buffered.end(video.buffered.length - 1) : 0 };
    });
    expect(readUpTo).toBeLessThan(end);
    const refused = page.waitForResponse((response) => response.url().includes("/recordings/") && response.status() === 403);
    await page.locator("video").hover();
    await page.getByRole("slider", { name: "Position de lecture" }).fill(String(end));
    await refused;

    const refusal = page.getByRole("alert").filter({ hasText: "Réservé aux détenteurs de billet" });
    await refusal.getByText("Cette rediffusion, comme son live, est réservée aux détenteurs d'un billet de son événement.").waitFor();
    expect(await refusal.getByRole("link", { name: "Prendre un billet" }).getAttribute("href")).toBe(`/events/${event.slug}`);
    expect(await page.locator("video").count()).toBe(0);
    expect(await page.getByText("Erreur de chargement de la vidéo. Essayez plutôt de la télécharger.").count()).toBe(0);

    // The panel's link is the way back: a new ticket, and the replay plays again.
    await buyTicketFromRefusal(page, server.url, { path: `/replay/${replayId}`, eventSlug: event.slug });
    await expectPicturePlays(page);
  }, 90_000);
});
