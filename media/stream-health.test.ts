import { describe, expect, it } from "bun:test";
import { type MeteredPacket, StreamHealthMeter, videoCodecNamed } from "./stream-health.ts";

const packet = (flags: number, dts: number, size = 1000, codecId = 7, data = Buffer.alloc(0)): MeteredPacket => ({ codec_type: flags <= 1 ? 8 : 9, flags, codec_id: codecId, dts, size, data });

describe("the stream health meter", () => {
  it("measures OBS's 'auto' keyframe interval (250 frames at 30 fps: 8.33 s), the frame rate and the bitrate from the packets' times", () => {
    const meter = new StreamHealthMeter();
    meter.onPacket(packet(2, 0));
    // AAC-LC at 48 kHz: object type 2, frequency index 3 → 0x11 0x90.
    meter.onPacket(packet(0, 0, 4, 10, Buffer.from([0xaf, 0x00, 0x11, 0x90])));
    for (let frame = 0; frame <= 750; frame++) meter.onPacket(packet(frame % 250 === 0 ? 3 : 4, Math.round((frame * 1000) / 30), 12_500));
    const sample = meter.sample();
    expect(sample).toMatchObject({ videoCodec: "H.264", audioCodec: "AAC", audioSampleRate: 48000, keyframeIntervalMs: 8333, audioFrames: 0 });
    expect(sample.fps).toBeCloseTo(30, 5);
    // 12 500 bytes 30 times a second: 3000 kb/s.
    expect(sample.videoKbps).toBe(3000);
  });

  it("takes no interval or frame from the end-of-sequence tag ffmpeg ends an H.264 publish with (flagged a keyframe)", () => {
    const meter = new StreamHealthMeter();
    for (let frame = 0; frame <= 160; frame++) meter.onPacket(packet(frame % 80 === 0 ? 3 : 4, frame * 100, 1000, 7, Buffer.from([0x17, 0x01])));
    // Two 8 s intervals, then the end 1.9 s after the last keyframe: an AVC packet of type 2, frame type "key".
    meter.onPacket(packet(3, 17_900, 5, 7, Buffer.from([0x17, 0x02, 0, 0, 0])));
    const sample = meter.sample();
    expect(sample.keyframeIntervalMs).toBe(8000);
    expect(sample.fps).toBeCloseTo(10, 5);
  });

  it("starts each window where the last ended, and names the codecs Arena refuses", () => {
    const meter = new StreamHealthMeter();
    for (let frame = 0; frame <= 20; frame++) meter.onPacket(packet(4, frame * 100));
    meter.sample();
    for (let frame = 21; frame <= 40; frame++) meter.onPacket(packet(4, frame * 100));
    expect(meter.sample().fps).toBeCloseTo(10, 5);
    expect(videoCodecNamed(Buffer.from("hvc1").readUInt32BE())).toBe("HEVC");
    expect(videoCodecNamed("av01")).toBe("AV1");
    expect(videoCodecNamed(7)).toBe("H.264");
  });
});
