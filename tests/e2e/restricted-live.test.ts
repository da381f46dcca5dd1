import { describe, expect, it } from "bun:test";
import { pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, fundedUser, publishedEvent } from "../fixtures/money.ts";
import { buyTicketFromRefusal, expectPicturePlays } from "../fixtures/playback.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";

// A ticketed live (issue 18, item 4), streamed by a real ffmpeg test stream: a visitor is refused
// with a way to log in and to get a ticket; a member without a ticket follows the link, buys one on
// the event's page, comes back, and the picture plays.

const handles = useServerAndBrowser({ DEMO: "0", ...ADMIN_ENV }, { ingest: true });

describe("a ticketed live", () => {
  it("refuses a visitor and a member without a ticket, with the way in; the member buys a ticket and the live plays", async () => {
    const admin = await adminBrowserOf(handles.server);
    const streamer = await fundedUser(handles.server, admin, 1000);
    const event = await publishedEvent(streamer);
    const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale de la LAN", gameId: 1, tags: [] });
    // The streamer limits the live to the ticket holders of their event, in the channel settings.
    const settings = await pageFor(handles, streamer, { language: "fr" });
    await settings.goto(`${handles.server.url}/settings?tab=channel#live-access`);
    const panel = settings.getByRole("form", { name: "Qui peut regarder et écrire" });
    await panel.getByLabel("Qui peut regarder mes lives").selectOption({ label: "Les détenteurs d'un billet d'un événement" });
    expect(await panel.getByRole("combobox", { name: /^Événement/ }).inputValue()).toBe(String(event.id));
    await panel.getByRole("button", { name: "Appliquer les règles d'accès" }).click();
    await waitFor("the rule saved", async () => (await streamer.browser.get("/api/stream/channel-settings")).body.watch.mode === "ticket");
    handles.publishers.push(publishTestStream(`rtmp://127.0.0.1:${handles.rtmpPort}/live/${start.body.streamKey}`, { seconds: 120, lasts: "file" }));
    const name = streamer.account.username;
    await waitFor("two HLS segments", async () => ((await (await streamer.browser.request("GET", `/live/${name}/index.m3u8`)).text()).match(/\.ts/g)?.length ?? 0) >= 2, 30_000);

    // A visitor: the reason, a way to log in and the event's ticket link; no player, and the server refuses the files anyway.
    const visitor = await pageFor(handles, null, { language: "fr" });
    await visitor.goto(`${handles.server.url}/stream/${name}`);
    const refusal = visitor.getByRole("alert").filter({ hasText: "Réservé aux détenteurs de billet" });
    await refusal.getByText("Ce live est réservé aux détenteurs d'un billet pour LAN d'hiver.").waitFor();
    await refusal.getByRole("button", { name: "Se connecter" }).waitFor();
    expect(await refusal.getByRole("link", { name: "Prendre un billet" }).getAttribute("href")).toBe(`/events/${event.slug}`);
    expect(await visitor.locator("video").count()).toBe(0);
    await visitor.getByText("Billet", { exact: true }).first().waitFor();
    // Nor is it offered to clip what it may not watch (issue 34, item 7).
    expect(await visitor.getByRole("button", { name: "Clipper" }).count()).toBe(0);

    // A member without a ticket follows the link, buys one, comes back: the live plays.
    const member = await fundedUser(handles.server, admin, 500);
    const page = await pageFor(handles, member, { language: "fr" });
    await page.goto(`${handles.server.url}/stream/${name}`);
    await page.getByRole("link", { name: "Prendre un billet" }).waitFor();
    expect(await page.getByRole("button", { name: "Clipper" }).count()).toBe(0);
    await buyTicketFromRefusal(page, handles.server.url, { username: name, eventSlug: event.slug });
    await expectPicturePlays(page);
    expect(await page.getByRole("alert").filter({ hasText: "Réservé aux détenteurs de billet" }).count()).toBe(0);
    // Now a holder, the member may clip it.
    await page.getByRole("button", { name: "Clipper" }).filter({ visible: true }).first().waitFor();
  }, 120_000);
});
