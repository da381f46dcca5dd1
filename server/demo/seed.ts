import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { type FfmpegJob, startFfmpegJob } from "../../media/ffmpeg-job.ts";
import { runFfmpeg } from "../../media/ffmpeg.ts";
import { hashPassword } from "../auth/password.ts";
import { insertUser } from "../auth/service.ts";
import { ensureChannel } from "../channels/own-channel.ts";
import { startStreaming } from "../channels/service.ts";
import { saveChannelSettings } from "../channels/settings.ts";
import type { AppDeps } from "../http/context.ts";
import { imageKinds, storeImage } from "../http/images.ts";
import { fold } from "../../shared/fold.ts";
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, type DemoMember, demoFollows, demoMembers, demoReplays } from "./community.ts";
import { demoPlayers, seedDemoCompetitions } from "./competitions.ts";

const DAY = 24 * 60 * 60 * 1000;

/**
 * DEMO mode: a small community appears on first start (people with pictures, channels, follows,
 * replays), so a newcomer sees a living site at once. Runs once: it stops if the first member exists.
 */
export async function seedDemoCommunity(deps: AppDeps, log: (line: string) => void): Promise<void> {
  const first = await deps.db.selectFrom("user").select("id").where("username", "=", demoMembers[0]!.username).executeTakeFirst();
  if (first) return;
  log("[demo] seeding the demo community…");
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const member of demoMembers) await seedMember(deps, member, passwordHash);
  const idOf = async (username: string) => (await deps.db.selectFrom("user").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
  for (const [follower, followed] of demoFollows) {
    await deps.db
      .insertInto("follow")
      .values({ follower_id: await idOf(follower), followed_id: await idOf(followed), created_at: deps.now() - 3 * DAY })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (const replay of demoReplays) await seedReplay(deps, replay).catch((error) => log(`[demo] replay "${replay.title}": ${(error as Error).message}`));
  for (const [index, username] of demoPlayers.entries()) await seedPlayer(deps, username, index, passwordHash);
  const userByName = (username: string) => deps.db.selectFrom("user").selectAll().where("username", "=", username).executeTakeFirstOrThrow();
  await seedDemoCompetitions(deps, userByName).catch((error) => log(`[demo] competitions: ${(error as Error).message}`));
  log(`[demo] done: ${demoMembers.length + demoPlayers.length} members (password "${DEMO_PASSWORD}"), ${demoReplays.length} replays, tournaments and events`);
}

async function gameIdByName(deps: AppDeps, name: string): Promise<number> {
  const game = await deps.db.selectFrom("game").select("id").where("name", "=", name).executeTakeFirst();
  return game?.id ?? (await deps.db.selectFrom("game").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
}

async function seedMember(deps: AppDeps, member: DemoMember, passwordHash: string): Promise<void> {
  let user = await insertUser(deps, {
    username: member.username,
    email: `${member.username.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`,
    passwordHash,
    emailVerified: true,
    firstName: member.firstName,
    lastName: member.lastName,
  });
  const [from, to] = member.colors;
  const avatar = await storeImage(deps, await gradient(256, 256, from, to), imageKinds.avatar, user.id);
  const banner = await storeImage(deps, await gradient(1920, 480, to, from), imageKinds.banner, user.id);
  user = await deps.db
    .updateTable("user")
    .set({ avatar, banner, about: member.about, verified: member.verified ? 1 : 0, role: member.role ?? (member.live ? "streamer" : "viewer"), last_login_at: deps.now() })
    .where("id", "=", user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await ensureChannel(deps, user);
  if (member.title) await startStreaming(deps, user, { title: member.title, gameId: await gameIdByName(deps, member.game), description: member.about, tags: member.tags });
  await saveChannelSettings(deps, user, { paypalme: member.paypalme, twitter: member.twitter, website: member.website });
}

const PLAYER_COLORS: [string, string][] = [
  ["#06d6a0", "#118ab2"],
  ["#ef476f", "#ffd166"],
  ["#8338ec", "#3a86ff"],
  ["#ff7f51", "#720026"],
  ["#4cc9f0", "#4361ee"],
  ["#f72585", "#7209b7"],
  ["#90be6d", "#277da1"],
  ["#f9c74f", "#f3722c"],
];

/** A tournament player: an account with a picture, no channel. */
async function seedPlayer(deps: AppDeps, username: string, index: number, passwordHash: string): Promise<void> {
  const user = await insertUser(deps, { username, email: `${username.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`, passwordHash, emailVerified: true, firstName: username, lastName: "" });
  const [from, to] = PLAYER_COLORS[index % PLAYER_COLORS.length]!;
  const avatar = await storeImage(deps, await gradient(256, 256, from, to), imageKinds.avatar, user.id);
  await deps.db.updateTable("user").set({ avatar }).where("id", "=", user.id).execute();
}

/** A smooth two-colour picture, made by ffmpeg: the demo needs no image files of its own. */
async function gradient(width: number, height: number, from: string, to: string): Promise<File> {
  const png = await runFfmpeg([
    "-f",
    "lavfi",
    "-i",
    `gradients=s=${width}x${height}:c0=${from}:c1=${to}:x0=0:y0=0:x1=${width}:y1=${height}:n=2`,
    "-frames:v",
    "1",
    "-f",
    "image2pipe",
    "-c:v",
    "png",
    "pipe:1",
  ]);
  return new File([png as Uint8Array<ArrayBuffer>], "gradient.png", { type: "image/png" });
}

/** A 12-second replay from one of ffmpeg's pattern sources, filed like a real one. */
async function seedReplay(deps: AppDeps, replay: (typeof demoReplays)[number]): Promise<void> {
  const user = await deps.db.selectFrom("user").select("id").where("username", "=", replay.username).executeTakeFirstOrThrow();
  const channel = await deps.db.selectFrom("channel").select(["id", "game_id"]).where("user_id", "=", user.id).executeTakeFirstOrThrow();
  const createdAt = deps.now() - replay.daysAgo * DAY;
  const session = await deps.db
    .insertInto("live_session")
    .values({ channel_id: channel.id, title: replay.title, game_id: channel.game_id, started_at: createdAt - 12_000, ended_at: createdAt, finalised_at: createdAt, recording_dir: "" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const folder = join(deps.config.mediaDir, "recordings", String(channel.id));
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${session.id}.mp4`);
  await runFfmpeg(
    [
      "-y",
      "-f",
      "lavfi",
      "-i",
      `${replay.source}=size=640x360:rate=30`,
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=330",
      "-t",
      "12",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-movflags",
      "+faststart",
      file,
    ],
    { timeoutMs: 60_000 },
  );
  const thumbnail = file.replace(/\.mp4$/, ".jpg");
  await runFfmpeg(["-y", "-ss", "6", "-i", file, "-frames:v", "1", "-vf", "scale=640:-2", thumbnail]);
  await deps.db
    .insertInto("replay")
    .values({
      channel_id: channel.id,
      live_session_id: session.id,
      title: replay.title,
      search_title: fold(replay.title),
      game_id: channel.game_id,
      status: "ready",
      file_path: `${channel.id}/${session.id}.mp4`,
      thumbnail_path: `${channel.id}/${session.id}.jpg`,
      duration: 12,
      file_size: statSync(file).size,
      view_count: replay.views,
      created_at: createdAt,
      deleted_at: null,
    })
    .execute();
}

/**
 * The demo's live channels: ffmpeg pushes a synthetic picture and tone to our own RTMP ingest with
 * each member's stream key, exactly as OBS would, restarted if it stops.
 */
export async function startDemoLives(deps: AppDeps, log: (line: string) => void): Promise<FfmpegJob[]> {
  const jobs: FfmpegJob[] = [];
  for (const member of demoMembers.filter((m) => m.live)) {
    const row = await deps.db.selectFrom("channel").innerJoin("user", "user.id", "channel.user_id").select("channel.stream_key").where("user.username", "=", member.username).executeTakeFirst();
    if (!row) continue;
    // Cheap synthetic pictures at 15 frames a second (mandelbrot took a quarter of a core per live; a page playing
    // a live costs its viewer's browser half as much at 15 as at 30): a demo runs on small servers and old laptops.
    const source = member.live === "smptehdbars" ? "smptehdbars=size=640x360:rate=15,drawbox=x=mod(t*120\\,640):y=150:w=60:h=60:color=white@0.8:t=fill" : "testsrc2=size=640x360:rate=15";
    jobs.push(
      startFfmpegJob({
        name: `demo live ${member.username}`,
        restart: true,
        log,
        redact: (text) => text.replaceAll(row.stream_key, "••••"),
        args: [
          "-re",
          "-f",
          "lavfi",
          "-i",
          source,
          "-f",
          "lavfi",
          "-i",
          "sine=frequency=220:sample_rate=44100",
          "-c:v",
          "libx264",
          "-preset",
          "ultrafast",
          "-tune",
          "zerolatency",
          "-threads",
          "1",
          "-pix_fmt",
          "yuv420p",
          "-g",
          "15",
          "-b:v",
          "700k",
          "-c:a",
          "aac",
          "-b:a",
          "64k",
          "-f",
          "flv",
          `rtmp://127.0.0.1:${deps.config.rtmpPort}/live/${row.stream_key}`,
        ],
      }),
    );
  }
  return jobs;
}
