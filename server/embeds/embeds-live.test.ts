import { afterAll, beforeAll, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf, fundedUser, ticketedChannel } from "../../tests/fixtures/money.ts";
import { publishTestStream, waitFor } from "../../tests/fixtures/publisher.ts";
import { Browser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

// A ticketed live in an embed (issue 36, item 3). A page of another site frames /embed/{username}; the
// browser sends the session cookie (SameSite=Lax) with none of the frame's requests, so the embed's player
// asks what a visitor asks: the stream, its access verdict (GET /api/live-access/{username}) and the live's
// files. The stream page asks the same calls, and the server answers them by the same rule (server/restricted/).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ DEMO: "0", ...ADMIN_ENV }, { ingest: true });
});
afterAll(() => server.stop());

async function statusOf(browser: Browser, path: string): Promise<number> {
  const response = await browser.request("GET", path);
  await response.body?.cancel();
  return response.status;
}

it("refuses an embed of a ticketed live without a ticket, and plays it to a ticket holder", async () => {
  const admin = await adminBrowserOf(server);
  const { streamer, holder, event, streamKey } = await ticketedChannel(server, admin, "Finale LAN");

  const name = streamer.account.username;
  const publisher = publishTestStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${streamKey}`, { seconds: 60 });
  const playlist = `/live/${name}/index.m3u8`;
  try {
    await waitFor("the live's playlist, for its streamer", async () => (await statusOf(streamer.browser, playlist)) === 200, 30_000);
    const frame = new Browser(server.url);
    const stream = await frame.get(`/api/stream/stream/${name}`);
    expect([stream.body.isLive, stream.body.watchAccess]).toEqual([true, "ticket"]);
    const verdict = await frame.get(`/api/live-access/${name}`);
    expect(verdict.body.watch).toMatchObject({ mode: "ticket", allowed: false, reason: "login", event: { slug: event.slug } });
    expect([await statusOf(frame, playlist), await statusOf(frame, `/live/${name}.flv`)]).toEqual([403, 403]);
    // A member without a ticket (a browser that does send its cookie to frames) is refused as on the site.
    const stranger = await fundedUser(server, admin, 0);
    expect((await stranger.browser.get(`/api/live-access/${name}`)).body.watch).toMatchObject({ allowed: false, reason: "ticket" });
    expect(await statusOf(stranger.browser, playlist)).toBe(403);

    // The holder's own browser, on the site (or in a frame of a browser that sends the cookie), plays it.
    expect((await holder.browser.get(`/api/live-access/${name}`)).body.watch.allowed).toBe(true);
    expect(await statusOf(holder.browser, playlist)).toBe(200);
  } finally {
    publisher.kill();
    await publisher.exited;
  }
});
