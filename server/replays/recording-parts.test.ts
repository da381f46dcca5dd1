import { describe, expect, it } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { cutRecording, dropCutTag, flvRecordedSeconds } from "../../media/clip.ts";
import { runFfmpeg } from "../../media/ffmpeg.ts";
import { recordingParts } from "../../media/live-outputs.ts";
import { probe } from "../../media/probe.ts";
import { finaliseRecording, mp4CoversParts } from "../../media/recording.ts";
import type { Channel } from "../../db/types.ts";
import { filesUnder } from "../../tests/fixtures/disk.ts";
import { freshDeps } from "../../tests/fixtures/service-world.ts";
import { removeLeftoverParts } from "./finalise.ts";

// Issue 34, item 12: a finished live keeps one copy on disk, its MP4; its FLV parts go once the MP4 is verified.
const w = await freshDeps();
const { deps, db } = w;
const recordings = join(deps.config.mediaDir, "recordings");

/** A recording part as the live's remux writes it: FLV, H.264 with a keyframe a second, and AAC. */
async function flvPart(path: string, seconds: number): Promise<void> {
  // biome-ignore format: ffmpeg's options read best as pairs
  await runFfmpeg([
    "-f", "lavfi", "-i", "testsrc=size=320x180:rate=10",
    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
    "-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-c:a", "aac", "-f", "flv", path,
  ]);
}

// Two parts of two seconds, made once and copied into each live's folder.
const madeParts = join(deps.config.mediaDir, "made-parts");
mkdirSync(madeParts, { recursive: true });
for (const name of ["part-0001.flv", "part-0002.flv"]) await flvPart(join(madeParts, name), 2);

/** A live's folder of parts (two, as a reconnect leaves them) under recordings/<channel>/<start>. */
async function recordedLive(channel: Channel, start: number): Promise<string> {
  const dir = join(recordings, String(channel.id), String(start));
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(madeParts)) copyFileSync(join(madeParts, name), join(dir, name));
  return dir;
}

/** A finished live whose replay is in `state`, its MP4 made from all its parts or from the first second only. */
async function finishedLive(channel: Channel, start: number, state: { replay: "ready" | "failed"; mp4: "whole" | "cut short" }) {
  const dir = await recordedLive(channel, start);
  const output = join(recordings, String(channel.id), `${start}.mp4`);
  if (state.mp4 === "whole") await finaliseRecording(dir, output);
  else await cutRecording(recordingParts(dir), 0, 1, output);
  const session = await db
    .insertInto("live_session")
    .values({ channel_id: channel.id, started_at: start, ended_at: start + 4000, finalised_at: start + 5000, recording_dir: dir })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("replay")
    .values({
      channel_id: channel.id,
      live_session_id: session.id,
      title: "Live",
      status: state.replay,
      file_path: `${channel.id}/${start}.mp4`,
      thumbnail_path: null,
      duration: 4,
      file_size: statSync(output).size,
      created_at: start,
      deleted_at: null,
    })
    .execute();
  return dir;
}

describe("a live's recording parts beside its MP4", () => {
  it("are covered by an MP4 made of them all, not by one cut short", async () => {
    const channel = await w.makeChannel(await w.makeUser());
    const dir = await recordedLive(channel, 1000);
    const parts = recordingParts(dir);
    const whole = await finaliseRecording(dir, join(recordings, "whole.mp4"));
    const short = await cutRecording(parts, 0, 1, join(recordings, "short.mp4"));
    // Two parts of two seconds each, as they were written.
    expect(whole!.duration).toBeGreaterThanOrEqual(3.5);
    expect(mp4CoversParts(parts, whole!.duration)).toBe(true);
    expect(mp4CoversParts(parts, short.duration)).toBe(false);
    expect(mp4CoversParts([], 10)).toBe(false);
  }, 30_000);

  it("go for finished lives whose MP4 holds them all, and stay beside a failed replay or a short MP4", async () => {
    const channel = await w.makeChannel(await w.makeUser());
    const verified = await finishedLive(channel, 10_000, { replay: "ready", mp4: "whole" });
    const failed = await finishedLive(channel, 20_000, { replay: "failed", mp4: "whole" });
    const short = await finishedLive(channel, 30_000, { replay: "ready", mp4: "cut short" });
    const verifiedBytes = filesUnder(verified);

    expect(await removeLeftoverParts(deps)).toBe(verifiedBytes);

    expect(existsSync(verified)).toBe(false);
    expect(recordingParts(failed)).toHaveLength(2);
    expect(recordingParts(short)).toHaveLength(2);
    // The MP4 the parts were removed for still plays whole.
    expect((await probe(join(recordings, String(channel.id), "10000.mp4"))).duration).toBeGreaterThanOrEqual(3.5);
    expect(await removeLeftoverParts(deps)).toBe(0);
  }, 30_000);
});

describe("a part whose remux was killed in the middle of a tag", () => {
  /** A live's two parts, the first ending halfway through its last video tag's picture. */
  async function cutLive(start: number): Promise<{ dir: string; parts: string[]; recorded: number }> {
    const channel = await w.makeChannel(await w.makeUser());
    const dir = await recordedLive(channel, start);
    const parts = recordingParts(dir);
    const recorded = parts.reduce((sum, part) => sum + flvRecordedSeconds(part)!, 0);
    const last = lastPicture(readFileSync(parts[0]!));
    truncateSync(parts[0]!, last.start + 11 + Math.floor(last.dataSize / 2));
    return { dir, parts, recorded };
  }

  /**
   * The last video tag holding a picture (not the few bytes that end the sequence), walking the FLV from its
   * header: each tag is an 11-byte header (type, data size…), its data, then a 4-byte size.
   */
  function lastPicture(flv: Buffer): { start: number; dataSize: number } {
    let last = { start: 0, dataSize: 0 };
    for (let at = flv.readUInt32BE(5) + 4; at + 11 <= flv.length; ) {
      const dataSize = flv.readUIntBE(at + 1, 3);
      if (flv[at] === 9 && dataSize > 100) last = { start: at, dataSize };
      at += 11 + dataSize + 4;
    }
    return last;
  }

  it("is ended at its last whole tag, once", async () => {
    const { parts } = await cutLive(40_000);
    const before = statSync(parts[0]!).size;
    const dropped = dropCutTag(parts[0]!);
    // The half tag went, and the part still holds everything from its first tag to its last whole one.
    expect(dropped).toBeGreaterThan(0);
    expect(statSync(parts[0]!).size).toBe(before - dropped);
    expect(flvRecordedSeconds(parts[0]!)).toBeGreaterThan(1.5);
    expect(dropCutTag(parts[0]!)).toBe(0);
    expect(dropCutTag(parts[1]!)).toBe(0);
  }, 30_000);

  it("still gives a replay and a cut that hold both parts (ffmpeg's concatenation stopped at the half tag)", async () => {
    const { dir, parts, recorded } = await cutLive(50_000);
    const whole = await finaliseRecording(dir, join(recordings, "cut-whole.mp4"));
    expect(whole!.duration).toBeGreaterThanOrEqual(recorded - 0.5);
    expect(mp4CoversParts(parts, whole!.duration)).toBe(true);

    const again = await cutLive(60_000);
    const match = await cutRecording(again.parts, 0, undefined, join(recordings, "cut-match.mp4"));
    expect(match.duration).toBeGreaterThanOrEqual(again.recorded - 0.5);
  }, 30_000);
});
