import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf } from "../../tests/fixtures/money.ts";
import { publishTestStream } from "../../tests/fixtures/publisher.ts";
import { type Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { up as promotePastStreamers } from "../../db/migrations/0032_promote_past_streamers.ts";

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { ingest: true });
  admin = await adminBrowserOf(server);
});
afterAll(() => server.stop());

/** The role the console lists for a member, read from its members' list. */
async function consoleRoleOf(username: string): Promise<string> {
  const list = (await admin.get(`/api/admin/users?q=${username}`)).body as { members: { username: string; role: string }[] };
  return list.members.find((row) => row.username === username)!.role;
}

/** Goes live for a few seconds under a title, and waits until the live has started and ended. */
async function liveOnce(member: Awaited<ReturnType<typeof signedInUser>>, title: string): Promise<void> {
  await member.browser.post("/api/stream/mychannel/init");
  const start = await member.browser.post("/api/stream/startstreaming", { title, gameId: 1, tags: [] });
  const started = server.deps.bus.next("stream:started", (e) => e.username === member.account.username);
  const publisher = publishTestStream(`rtmp://127.0.0.1:${server.deps.config.rtmpPort}/live/${start.body.streamKey}`, { seconds: 30 });
  try {
    await started;
  } finally {
    const ended = server.deps.bus.next("stream:ended", (e) => e.username === member.account.username);
    publisher.kill("SIGKILL");
    await ended;
  }
}

describe("a member who goes live (issue 34, item 13)", () => {
  it("is a streamer in the console, and their dashboard shows their channel; an organiser stays an organiser", async () => {
    const viewer = await signedInUser(server);
    const organiser = await signedInUser(server);
    await admin.put(`/api/admin/users/${organiser.user.id}/role`, { role: "organizer" });
    const fan = await signedInUser(server);
    await viewer.browser.post("/api/stream/mychannel/init");
    const channelArn = (await viewer.browser.get("/api/stream/mychannelinfo")).body.channelArn as string;
    await fan.browser.post("/api/stream/follow", { channelId: channelArn });
    expect(await consoleRoleOf(viewer.account.username)).toBe("viewer");
    expect((await viewer.browser.get("/api/dashboard")).body).toMatchObject({ role: "viewer", channel: null });

    await Promise.all([liveOnce(viewer, "Première soirée"), liveOnce(organiser, "Soirée orga")]);

    expect(await consoleRoleOf(viewer.account.username)).toBe("streamer");
    expect(await consoleRoleOf(organiser.account.username)).toBe("organizer");
    const dashboard = (await viewer.browser.get("/api/dashboard")).body;
    expect(dashboard.role).toBe("streamer");
    // The figures as the console's member page reads them, apart from the dashboard's own queries.
    const detail = (await admin.get(`/api/admin/users/${viewer.user.id}`)).body as { lives: { title: string; endedAt: string | null }[] };
    expect(detail.lives.map((live) => live.title)).toEqual(["Première soirée"]);
    expect(dashboard.channel).toMatchObject({ followers: 1, lives: detail.lives.length, lastLives: [{ title: "Première soirée", endedAt: detail.lives[0]!.endedAt }] });
    expect(dashboard.stats.totalStreams).toBe(1);
    expect((await organiser.browser.get("/api/dashboard")).body).toMatchObject({ role: "organizer", channel: { lives: 1 } });
  });

  it("who went live before the rule becomes a streamer when the site upgrades; those who never did stay viewers", async () => {
    const past = await signedInUser(server);
    const never = await signedInUser(server);
    await never.browser.post("/api/stream/mychannel/init");
    await liveOnce(past, "Avant la règle");
    // As the site was before: the role the rule would have given taken back.
    await server.deps.db.updateTable("user").set({ role: "viewer" }).where("id", "=", past.user.id).execute();

    await promotePastStreamers(server.deps.db);

    expect(await consoleRoleOf(past.account.username)).toBe("streamer");
    expect(await consoleRoleOf(never.account.username)).toBe("viewer");
  });
});
