import { beforeAll, describe, expect, it } from "bun:test";
import { join } from "node:path";
import { probe } from "../../media/probe.ts";
import type { Browser, Page } from "playwright-core";
import { flvRecordedSeconds } from "../../media/clip.ts";
import { recordingParts } from "../../media/live-outputs.ts";
import { recordingDirOf } from "../../server/replays/finalise.ts";
import { loggedInContext, type Preferences, useServerAndBrowser } from "../fixtures/e2e.ts";
import { expectPicturePlays } from "../fixtures/playback.ts";
import { publishTestStream, waitFor } from "../fixtures/publisher.ts";
import { signedInUser, type TestServer } from "../fixtures/server.ts";

/**
 * Clips (issue 19, item 4) in a real chromium against a real server with RTMP ingest: a viewer of a
 * live test stream (ffmpeg publishing to the media server) keeps its last seconds from the player's
 * Clip button, lands on the clip's page, sees it being cut, then playing; the clip is on the
 * channel's profile. SCREENSHOTS=1 also writes the dialog and the clip page to docs/screenshots/.
 */

const live = useServerAndBrowser({}, { ingest: true });
const { contexts } = live;
let server: TestServer;
let browser: Browser;
beforeAll(() => void ({ server, browser } = live));

const SIZES = [
  { label: "375", width: 375, height: 812 },
  { label: "1440", width: 1440, height: 900 },
];

async function pageAs(member: Awaited<ReturnType<typeof signedInUser>>, viewport = { width: 1440, height: 900 }, preferences: Preferences = {}): Promise<Page> {
  const context = await loggedInContext(browser, server.url, member.browser.cookies.get("arena_session")!, member.user, viewport, preferences);
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A new streamer, whose live the API has started: ffmpeg pushes to its key. */
async function newStreamer() {
  const streamer = await signedInUser(server);
  const start = await streamer.browser.post("/api/stream/startstreaming", { title: "Finale du soir", gameId: 1 });
  expect(start.status).toBe(200);
  return { ...streamer, ingestUrl: `rtmp://127.0.0.1:${server.rtmpPort}/live/${start.body.streamKey}` };
}

/** Starts a live of a new streamer and waits until its recording holds `seconds`. */
async function liveChannel(seconds: number) {
  const streamer = await newStreamer();
  const started = server.deps.bus.next("stream:started", (event) => event.username === streamer.account.username);
  const publisher = publishTestStream(streamer.ingestUrl, { seconds: 90 });
  await started;
  const session = await server.deps.db.selectFrom("live_session").select("recording_dir").where("ended_at", "is", null).orderBy("id", "desc").executeTakeFirstOrThrow();
  const recordingDir = recordingDirOf(server.deps.config.mediaDir, session.recording_dir);
  await waitFor(
    "the live's recording",
    () => {
      const part = recordingParts(recordingDir).at(-1);
      return part !== undefined && (flvRecordedSeconds(part) ?? 0) >= seconds;
    },
    40_000,
    250,
  );
  return { ...streamer, publisher };
}

describe("keeping a moment of a replay", () => {
  it("cuts the range the viewer chose in the replay's clip dialog, and the clip plays on its page at that length", async () => {
    // The streamer's encoder sends 16 s, then stops: the live leaves its replay.
    const streamer = await newStreamer();
    const channel = await server.deps.db.selectFrom("channel").select("id").where("user_id", "=", streamer.user.id).executeTakeFirstOrThrow();
    const ready = server.deps.bus.next("replay:ready", (event) => event.channelId === channel.id, 60_000);
    publishTestStream(streamer.ingestUrl, { seconds: 16, pace: "as fast as it encodes" });
    const { replayId } = await ready;

    const viewer = await signedInUser(server);
    const page = await pageAs(viewer);
    await page.goto(`${server.url}/replay/${replayId}`);
    await page.getByRole("heading", { name: "Finale du soir", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Clipper" }).click();
    const dialog = page.getByRole("dialog", { name: "Garder un moment" });
    // From 0:04, 8 seconds: to 0:12.
    await dialog.getByLabel(/^Début : /).fill("4");
    await dialog.getByLabel(/^Durée : /).fill("8");
    await dialog.getByText("De 0:04 à 0:12 de la rediffusion.").waitFor();
    await dialog.getByLabel("Titre").fill("Le moment de la rediffusion");
    await dialog.getByRole("button", { name: "Créer le clip" }).click();

    await page.waitForURL(/\/clip\/\d+$/);
    const clipId = Number(page.url().split("/").pop());
    await page.getByRole("heading", { name: "Le moment de la rediffusion" }).waitFor();
    await page.getByRole("link", { name: "Extrait de la rediffusion à 0:04" }).waitFor();
    await expectPicturePlays(page);
    const clip = await server.deps.db.selectFrom("clip").select(["status", "replay_id", "start_seconds", "file_path"]).where("id", "=", clipId).executeTakeFirstOrThrow();
    expect(clip).toMatchObject({ status: "ready", replay_id: replayId, start_seconds: 4 });
    // Cut on keyframes (one a second) without re-encoding: the file holds the chosen 8 s, give or take.
    const { duration } = await probe(join(server.deps.config.mediaDir, "clips", clip.file_path!));
    expect(Math.abs(duration - 8)).toBeLessThanOrEqual(2);
  });
});

describe("keeping a moment of a live", () => {
  it("clips the live's last seconds from the player, then plays the clip on its page", async () => {
    const streamer = await liveChannel(12);
    const viewer = await signedInUser(server);
    const page = await pageAs(viewer);
    await page.goto(`${server.url}/stream/${streamer.account.username}`);
    await page.getByRole("button", { name: "Clipper" }).click();
    const dialog = page.getByRole("dialog", { name: "Garder un moment" });
    await dialog.getByLabel("Durée : 30 s").fill("10");
    await dialog.getByText("Les 10 dernières secondes du live, jusqu'à maintenant.").waitFor();
    await dialog.getByLabel("Titre").fill("Le but de la soirée");
    await dialog.getByRole("button", { name: "Créer le clip" }).click();

    await page.waitForURL(/\/clip\/\d+$/);
    const clipId = Number(page.url().split("/").pop());
    await page.getByRole("heading", { name: "Le but de la soirée" }).waitFor();
    await page.getByRole("link", { name: `Extrait du live de ${streamer.account.username}` }).waitFor();
    await page.getByRole("link", { name: `Clippé par ${viewer.account.username}` }).waitFor();
    await page.getByRole("link", { name: "League of Legends" }).waitFor();
    await expectPicturePlays(page);
    const clip = await server.deps.db.selectFrom("clip").select(["status", "requested_seconds", "duration"]).where("id", "=", clipId).executeTakeFirstOrThrow();
    expect(clip).toMatchObject({ status: "ready", requested_seconds: 10 });
    // The author sees the title's edit button and the delete button; the clip is on the channel's profile.
    await page.getByRole("button", { name: "Modifier le titre" }).waitFor();
    await page.goto(`${server.url}/profile/${streamer.account.username}`);
    await page.getByRole("tab", { name: "Clips" }).click();
    await page.getByRole("link", { name: "Le but de la soirée" }).waitFor();

    if (process.env.SCREENSHOTS) await screenshots(viewer, streamer.account.username, clipId);
  });

  it("tells the viewer when the streamer has turned clips off", async () => {
    const streamer = await liveChannel(6);
    expect((await streamer.browser.put("/api/stream/channel-settings", { clips: false })).status).toBe(200);
    const page = await pageAs(await signedInUser(server));
    await page.goto(`${server.url}/stream/${streamer.account.username}`);
    await page.getByRole("button", { name: "Clipper" }).click();
    const dialog = page.getByRole("dialog", { name: "Garder un moment" });
    await dialog.getByRole("button", { name: "Créer le clip" }).click();
    await dialog.getByRole("alert").getByText("Le streamer a désactivé les clips sur cette chaîne.").waitFor();
    const clips = await server.deps.db.selectFrom("clip").innerJoin("channel", "channel.id", "clip.channel_id").select("clip.id").where("channel.user_id", "=", streamer.user.id).execute();
    expect(clips).toEqual([]);
  });
});

/** The clip dialog over the live and the clip's page, at phone and desktop width, dark and light. */
async function screenshots(viewer: Awaited<ReturnType<typeof signedInUser>>, username: string, clipId: number) {
  const out = join(import.meta.dir, "../../docs/screenshots");
  for (const size of SIZES) {
    for (const theme of ["dark", "light"] as const) {
      const page = await pageAs(viewer, size, { theme });
      await page.goto(`${server.url}/clip/${clipId}`);
      await expectPicturePlays(page);
      await page.screenshot({ path: join(out, `clip-page-${size.label}-${theme}.png`) });
      await page.goto(`${server.url}/stream/${username}`);
      if (size.width < 600) await page.getByRole("tab", { name: "Détails" }).click();
      await page.getByRole("button", { name: "Clipper" }).click();
      await page.getByRole("dialog", { name: "Garder un moment" }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(out, `clip-dialog-${size.label}-${theme}.png`) });
      await page.context().close();
    }
  }
}
