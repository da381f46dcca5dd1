import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LiveFileCache } from "./live-file-cache.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "live-file-cache-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));

describe("LiveFileCache", () => {
  it("serves a file as it is on disk, the same bytes to every viewer", async () => {
    const cache = new LiveFileCache();
    const path = join(dir, "segment-1.ts");
    writeFileSync(path, "segment one");
    // Written a second ago, as a segment is by the time the playlist lists it.
    utimesSync(path, new Date(), new Date(Date.now() - 1000));
    const [first, second] = await Promise.all([cache.read(path), cache.read(path)]);
    expect(text(first)).toBe("segment one");
    expect(second).toBe(first!);
  });

  it("reads a rewritten file again", async () => {
    const cache = new LiveFileCache();
    const path = join(dir, "index.m3u8");
    writeFileSync(path, "#EXTM3U\nsegment-1.ts");
    utimesSync(path, new Date(), new Date(Date.now() - 60_000));
    expect(text(await cache.read(path))).toBe("#EXTM3U\nsegment-1.ts");
    writeFileSync(path, "#EXTM3U\nsegment-2.ts");
    expect(text(await cache.read(path))).toBe("#EXTM3U\nsegment-2.ts");
  });

  it("reads again a file rewritten to the same size within the same clock tick", async () => {
    const cache = new LiveFileCache();
    const path = join(dir, "index.m3u8");
    writeFileSync(path, "#EXTM3U\nsegment-1.ts");
    expect(text(await cache.read(path))).toBe("#EXTM3U\nsegment-1.ts");
    writeFileSync(path, "#EXTM3U\nsegment-2.ts");
    expect(text(await cache.read(path))).toBe("#EXTM3U\nsegment-2.ts");
  });

  it("serves nothing for a file that is gone, or a folder", async () => {
    const cache = new LiveFileCache();
    const path = join(dir, "segment-2.ts");
    writeFileSync(path, "segment two");
    expect(text(await cache.read(path))).toBe("segment two");
    rmSync(path);
    expect(await cache.read(path)).toBeUndefined();
    expect(await cache.read(dir)).toBeUndefined();
  });

  it("keeps within its size, and still serves what it let go", async () => {
    const cache = new LiveFileCache(10);
    const paths = [1, 2, 3].map((n) => join(dir, `segment-${n}.ts`));
    for (const path of paths) writeFileSync(path, "123456");
    for (const path of paths) expect(text(await cache.read(path))).toBe("123456");
    expect(text(await cache.read(paths[0]!))).toBe("123456");
  });
});
