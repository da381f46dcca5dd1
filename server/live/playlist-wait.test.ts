import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BLOCKING_RELOAD_TAG, lastSegment, requestedSegment, waitForSegment, withBlockingReload } from "./playlist-wait.ts";

const dir = mkdtempSync(join(tmpdir(), "arena-playlist-wait-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A playlist as ffmpeg's HLS muxer writes it (media sequence from the clock), replaced whole as ffmpeg does. */
function writePlaylist(path: string, first: number, count: number) {
  const segments = Array.from({ length: count }, (_, i) => `#EXTINF:1.000000,\nsegment-${first + i}.ts\n`).join("");
  writeFileSync(`${path}.tmp`, `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:${first}\n${segments}`);
  renameSync(`${path}.tmp`, path);
}

describe("blocking playlist reload", () => {
  it("reads the last segment's number and announces that reloads may block", () => {
    const path = join(dir, "read.m3u8");
    writePlaylist(path, 1764000000, 3);
    const text = readFileSync(path, "utf8");
    expect(lastSegment(text)).toBe(1764000002);
    expect(lastSegment("#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:5\n")).toBeUndefined();
    expect(withBlockingReload(text).split("\n").slice(0, 2)).toEqual(["#EXTM3U", BLOCKING_RELOAD_TAG]);
  });

  it("takes only a plain segment number from the query", () => {
    expect(requestedSegment("1764000003")).toBe(1764000003);
    for (const value of [undefined, "", "-1", "3.5", "1e9", "12345678901234567890"]) expect(requestedSegment(value)).toBeUndefined();
  });

  it("answers at once when the segment is listed, and when the next one is written", async () => {
    const path = join(dir, "live.m3u8");
    writePlaylist(path, 100, 3);
    await waitForSegment(path, 102);
    let answered = false;
    const waiting = waitForSegment(path, 103, 60_000).then(() => {
      answered = true;
    });
    await Bun.sleep(100);
    expect(answered).toBe(false);
    writePlaylist(path, 101, 3);
    await waiting;
    expect(answered).toBe(true);
  });

  it("gives up after its limit when the live stalls", async () => {
    const path = join(dir, "stalled.m3u8");
    writePlaylist(path, 100, 3);
    await waitForSegment(path, 200, 50);
  });
});
