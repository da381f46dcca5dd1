import { describe, expect, it } from "bun:test";
import { runFfmpeg } from "../../media/ffmpeg.ts";
import { makeImage, pngAnnouncing } from "../../tests/fixtures/images.ts";
import { imageDimensions } from "./image-size.ts";

describe("imageDimensions", () => {
  it("reads the size of every accepted format from its header, as ffmpeg wrote it", async () => {
    for (const codec of ["png", "mjpeg", "gif", "libwebp"] as const) {
      expect({ codec, ...imageDimensions(Buffer.from(await makeImage(codec, "321x123"))) }).toEqual({ codec, width: 321, height: 123 });
    }
    const lossless = await runFfmpeg(["-f", "lavfi", "-i", "testsrc=size=321x123:rate=1", "-frames:v", "1", "-c:v", "libwebp", "-lossless", "1", "-f", "webp", "pipe:1"]);
    expect(imageDimensions(Buffer.from(lossless))).toEqual({ width: 321, height: 123 });
    const progressive = await runFfmpeg(["-f", "lavfi", "-i", "testsrc=size=321x123:rate=1", "-frames:v", "1", "-c:v", "mjpeg", "-f", "image2pipe", "pipe:1"]);
    expect(imageDimensions(Buffer.from(progressive))).toEqual({ width: 321, height: 123 });
  });

  it("reads the size a doctored header announces, without decoding anything", async () => {
    expect(imageDimensions(Buffer.from(pngAnnouncing(await makeImage("png", "16x16"), 60_000, 60_000)))).toEqual({ width: 60_000, height: 60_000 });
  });

  it("gives up on bytes that are no picture", () => {
    expect(imageDimensions(Buffer.from("hello, this is not an image at all"))).toBeNull();
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
  });
});
