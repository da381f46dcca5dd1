import { describe, expect, test } from "bun:test";
import type { StdinWriter } from "./ffmpeg-job.ts";
import { ffmpegReader } from "./media-server.ts";

/** One FLV tag: type, a one-byte body (video: frame type and codec, then the AVC packet type), its timestamp. */
function tag(type: "audio" | "keyframe" | "frame", timestamp: number): Buffer {
  const body = type === "audio" ? [0xaf, 0x01] : [type === "keyframe" ? 0x17 : 0x27, 0x01];
  const out = Buffer.alloc(11 + body.length + 4);
  out[0] = type === "audio" ? 8 : 9;
  out.writeUIntBE(body.length, 1, 3);
  out.writeUIntBE(timestamp & 0xffffff, 4, 3);
  out[7] = timestamp >>> 24;
  Buffer.from(body).copy(out, 11);
  return out;
}

/** Which tags each flush sent: the reader's writes as ffmpeg's stdin receives them. */
function recordingStdin(): { stdin: StdinWriter; sent: string[][] } {
  const sent: string[][] = [];
  let gathered: string[] = [];
  const names = new Map<number, string>([
    [8, "a"],
    [9, "v"],
  ]);
  const stdin: StdinWriter = {
    write: (chunk) => gathered.push(`${names.get(chunk[0]!)}${Buffer.from(chunk).readUIntBE(4, 3)}`),
    flush: () => {
      if (gathered.length > 0) sent.push(gathered);
      gathered = [];
    },
    end: () => undefined,
  };
  return { stdin, sent };
}

describe("the remux's reader", () => {
  test("sends a keyframe at once, then each audio tag until one reaches the keyframe's time, and gathers the rest", () => {
    const { stdin, sent } = recordingStdin();
    const reader = ffmpegReader(stdin);
    reader.write(tag("keyframe", 1000));
    reader.write(tag("audio", 990));
    reader.write(tag("audio", 1013));
    reader.write(tag("frame", 1033));
    reader.write(tag("audio", 1036));
    reader.write(tag("frame", 1066));
    expect(sent).toEqual([["v1000"], ["a990"], ["a1013"]]);
  });

  test("sends what it gathered at least every half second, audio alone included", async () => {
    const { stdin, sent } = recordingStdin();
    const reader = ffmpegReader(stdin);
    reader.write(tag("audio", 0));
    reader.write(tag("audio", 23));
    expect(sent).toEqual([]);
    await Bun.sleep(510);
    reader.write(tag("audio", 46));
    expect(sent).toEqual([["a0", "a23", "a46"]]);
  });
});
