// Screenshots of the storage policy (issue 20, item 3) at phone and desktop width, dark and light, into
// docs/screenshots/: the console's Storage tab while the disk reads nearly full (its alert shows on the
// Machine tab too), and a streamer's replays with the pin marker and pin buttons.
// Usage: bun scripts/screenshots-storage.ts (needs the built web app and Debian's chromium).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ensureChannel } from "../server/channels/own-channel.ts";
import { setFreeSpaceReader } from "../server/storage/disk-room.ts";
import { fold } from "../shared/fold.ts";
import { launchChromium } from "../tests/fixtures/chromium.ts";
import { SCREENSHOTS_DIR, shoot } from "./lib/shoot.ts";
import { ADMIN_ENV, adminBrowserOf } from "../tests/fixtures/money.ts";
import { startTestProcess } from "../tests/fixtures/publisher.ts";
import { signedInUser, startTestServer } from "../tests/fixtures/server.ts";

const DAY = 24 * 3_600_000;
const GIB = 1024 ** 3;

const server = await startTestServer(ADMIN_ENV);
const browser = await launchChromium();
try {
  const admin = await adminBrowserOf(server);
  const adminUser = (await admin.get("/api/auth/me")).body.user as { id: number; username: string };
  await admin.put("/api/admin/storage", { keep: "days", keepDays: 30, minFreeGb: 2, minFreePercent: 5 });
  const streamer = await signedInUser(server, { username: "ZeldaPro" });
  const channel = await ensureChannel(server.deps, await server.deps.db.selectFrom("user").selectAll().where("id", "=", streamer.user.id).executeTakeFirstOrThrow());
  const titles = ["Finale LAN d'hiver", "Demi-finale, manche 3", "Speedrun du dimanche", "Entraînement ranked"];
  const ids: number[] = [];
  for (const [index, title] of titles.entries()) ids.push(await replay(channel.id, title, index));
  await streamer.browser.put(`/api/stream/replays/${ids[0]}/pin`);
  await admin.put(`/api/stream/replays/${ids[2]}/pin`);
  // The disk as a nearly full one reads: 1.4 GiB free of 240 GiB.
  setFreeSpaceReader(async () => ({ freeBytes: 1.4 * GIB, totalBytes: 240 * GIB }));

  const shots = [
    { name: "storage-panel", path: "/admin?tab=storage", as: { browser: admin, user: adminUser } },
    { name: "storage-machine-alert", path: "/admin?tab=machine", as: { browser: admin, user: adminUser } },
    { name: "storage-pinned-replays", path: "/stream/ZeldaPro", as: streamer },
    // Marked live in the database with its recording stopped (no video: the player waits for one).
    { name: "storage-recording-stopped", path: "/stream/ZeldaPro", as: streamer },
  ];
  for (const shot of shots) {
    if (shot.name === "storage-recording-stopped") await markLiveUnrecorded(channel.id);
    await shoot(browser, server.url, {
      ...shot,
      before: async (page, size) => {
        if (shot.name !== "storage-pinned-replays") return;
        // On a phone the owner's replays sit under the page's "Détails" tab.
        if (size.width < 800) await page.getByRole("tab", { name: "Détails" }).click();
        await page.locator(".my-replays").scrollIntoViewIfNeeded();
      },
    });
  }
  console.log(`${shots.length * 4} screenshots in ${SCREENSHOTS_DIR}`);
} finally {
  setFreeSpaceReader(undefined);
  await browser.close();
  await server.stop();
}

/** The channel as a live whose recording stopped for want of disk room leaves it, without a video. */
async function markLiveUnrecorded(channelId: number): Promise<void> {
  const now = Date.now();
  const session = await server.deps.db
    .insertInto("live_session")
    .values({ channel_id: channelId, title: "Qualifications du soir", started_at: now - 600_000, ended_at: null, recording_dir: "/nowhere", game_id: 1, recording_stopped_at: now - 60_000 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await server.deps.db.updateTable("channel").set({ is_live: 1, live_session_id: session.id, title: "Qualifications du soir" }).where("id", "=", channelId).execute();
}

/** A finished replay row with a real thumbnail (a test pattern); no video: the cards are what is shown. */
async function replay(channelId: number, title: string, index: number): Promise<number> {
  const db = server.deps.db;
  const at = Date.now() - (index * 3 + 1) * DAY;
  const session = await db
    .insertInto("live_session")
    .values({ channel_id: channelId, started_at: at - 3_600_000, ended_at: at, recording_dir: join(server.deps.config.mediaDir, "recordings", String(channelId), String(at)), game_id: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const thumbnail = `${channelId}/${session.id}.jpg`;
  const file = join(server.deps.config.mediaDir, "recordings", thumbnail);
  mkdirSync(join(file, ".."), { recursive: true });
  const patterns = ["testsrc", "smptebars", "rgbtestsrc", "testsrc2"];
  await startTestProcess(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", `${patterns[index % patterns.length]}=size=640x360`, "-frames:v", "1", file], { lasts: "file" }).exited;
  const row = await db
    .insertInto("replay")
    .values({
      channel_id: channelId,
      live_session_id: session.id,
      title,
      search_title: fold(title),
      status: "ready",
      game_id: 1,
      file_path: `${channelId}/${session.id}.mp4`,
      thumbnail_path: thumbnail,
      duration: 3600 - index * 700,
      file_size: (2.4 - index * 0.5) * GIB,
      created_at: at,
      deleted_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
