import { describe, expect, it } from "bun:test";
import { pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, fundedUser, publishedEvent } from "../fixtures/money.ts";
import { buyTicketFromRefusal, expectPicturePlays } from "../fixtures/playback.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";

// Restricted lives (issue 18, item 4), seen from the viewer's side: the chat's input says its rule
// before anyone types and changes when the streamer changes it; a ticket refunded while its holder
// watches ends in the same refusal panel (why, and how to get back in) as on first load.

const handles = useServerAndBrowser({ DEMO: "0", ...ADMIN_ENV }, { ingest: true });

describe("a restricted chat", () => {
  it("tells a non-follower the followers-only rule as it is set, keeps the input closed, and opens it once they follow", async () => {
    const admin = await adminBrowserOf(handles.server);
    const streamer = await fundedUser(handles.server, admin, 100);
    await streamer.browser.post("/api/stream/mychannel/init");
    const viewer = await fundedUser(handles.server, admin, 100);
    const page = await pageFor(handles, viewer, { language: "fr" });
    await page.goto(`${handles.server.url}/stream/${streamer.account.username}`);
    const chat = page.getByRole("region", { name: "Chat" });
    await chat.getByRole("textbox", { name: "Envoyer un message" }).waitFor();

    // The streamer turns followers-only on: the open chat says so at once, before anyone types.
    expect((await streamer.browser.put("/api/stream/channel-settings", { chat: { mode: "followers" } })).status).toBe(200);
    const closed = chat.getByRole("textbox", { name: "Chat réservé aux abonnés" });
    await closed.waitFor();
    expect(await closed.isDisabled()).toBe(true);
    await chat.getByText("Suivez la chaîne pour écrire dans ce chat.").waitFor();
    expect(await chat.getByRole("textbox", { name: "Envoyer un message" }).count()).toBe(0);

    // Following from the chat itself opens the input; the rule stays written above it.
    await chat.getByRole("button", { name: "Suivre" }).click();
    const input = chat.getByRole("textbox", { name: "Envoyer un message" });
    await input.waitFor();
    await chat.getByText("Chat réservé aux abonnés").waitFor();
    await input.fill("gg à tous");
    await input.press("Enter");
    await chat.getByText("gg à tous", { exact: true }).waitFor();
    expect(await chat.getByRole("alert").count()).toBe(0);
  }, 60_000);
});

describe("a ticket refunded while its holder watches", () => {
  it("replaces the picture with the refusal panel, whose link gets the holder back in", async () => {
    const admin = await adminBrowserOf(handles.server);
    const streamer = await fundedUser(handles.server, admin, 1000);
    const event = await publishedEvent(streamer);
    const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale de la LAN", gameId: 1, tags: [] });
    expect((await streamer.browser.put("/api/stream/channel-settings", { watch: { mode: "ticket", eventId: event.id } })).status).toBe(200);
    handles.publishers.push(publishTestStream(`rtmp://127.0.0.1:${handles.rtmpPort}/live/${start.body.streamKey}`, { seconds: 180, lasts: "file" }));
    const name = streamer.account.username;
    await waitFor("two HLS segments", async () => ((await (await streamer.browser.request("GET", `/live/${name}/index.m3u8`)).text()).match(/\.ts/g)?.length ?? 0) >= 2, 30_000);

    const holder = await fundedUser(handles.server, admin, 500);
    const bought = await holder.browser.post("/api/tickets/purchase", { userId: String(holder.user.id), eventId: event.id, ticketType: "match", price: 100 });
    expect(bought.status).toBe(201);
    const page = await pageFor(handles, holder, { language: "fr" });
    await page.goto(`${handles.server.url}/stream/${name}`);
    await expectPicturePlays(page);

    // The holder gives the ticket back in another tab: the server refuses the next request, and the page says why.
    expect((await holder.browser.post(`/api/tickets/${bought.body.ticket.id}/cancel`)).status).toBe(200);
    const refusal = page.getByRole("alert").filter({ hasText: "Réservé aux détenteurs de billet" });
    await refusal.getByText("Ce live est réservé aux détenteurs d'un billet pour LAN d'hiver.").waitFor({ timeout: 30_000 });
    expect(await refusal.getByRole("link", { name: "Prendre un billet" }).getAttribute("href")).toBe(`/events/${event.slug}`);
    expect(await page.locator("video").count()).toBe(0);
    expect(await page.getByText("Impossible de lire ce direct pour le moment.").count()).toBe(0);

    // The panel's link is the way back: a new ticket, and the live plays again.
    await buyTicketFromRefusal(page, handles.server.url, { username: name, eventSlug: event.slug });
    await expectPicturePlays(page);
  }, 150_000);
});
