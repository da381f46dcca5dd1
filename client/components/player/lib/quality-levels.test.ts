import { describe, expect, it } from "bun:test";
import { masterPlaylist, renditionsFor } from "../../../../media/live-ladder.ts";
import type { PublisherInfo } from "../../../../media/media-server.ts";
import { bestFirst, levelsOfPlaylist } from "./quality-levels.ts";

const SOURCE_720P: PublisherInfo = { width: 1280, height: 720, fps: 30, videoKbps: 2500, audioKbps: 128, videoCodec: "avc1.64001f", audioCodec: "mp4a.40.2" };

describe("the levels the low-latency player reads from a live's playlist (issue 34, item 9)", () => {
  it("finds the source and every rendition the ladder's master playlist names, best first", () => {
    const renditions = renditionsFor([720, 480, 360], SOURCE_720P);
    const levels = bestFirst(levelsOfPlaylist(masterPlaylist({ source: SOURCE_720P, renditions, encoder: "libx264" })));
    expect(levels.map(({ name, height, source }) => ({ name, height, source }))).toEqual([
      { name: "source", height: 720, source: true },
      { name: "480p", height: 480, source: false },
      { name: "360p", height: 360, source: false },
    ]);
    // The bitrate is the playlist's peak, audio included: known, so never "0 kb/s".
    expect(levels.every((level) => (level.bitrate ?? 0) > 0)).toBe(true);
  });

  it("finds none in a media playlist, what a live without a ladder serves", () => {
    expect(levelsOfPlaylist("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.000,\nsegment-1.ts\n")).toEqual([]);
  });

  it("names a variant without NAME by its size, and leaves out what the playlist does not say", () => {
    expect(levelsOfPlaylist('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"\na.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=0\nb.m3u8\n')).toEqual([
      { name: "360p", height: 360, bitrate: 800_000, source: false },
      { name: "level-1", height: null, bitrate: null, source: false },
    ]);
  });
});
