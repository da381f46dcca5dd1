import { existsSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import { serveFileWithRanges } from "../http/file-ranges.ts";
import { hlsDirOf } from "../../media/live-outputs.ts";
import { liveStreamKeyOf } from "../channels/streams.ts";
import { assertCanSeeRecording } from "../replays/service.ts";

const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;
const contentTypes: Record<string, string> = {
  m3u8: "application/vnd.apple.mpegurl",
  ts: "video/mp2t",
  jpg: "image/jpeg",
  gif: "image/gif",
  mp4: "video/mp4",
  flv: "video/x-flv",
};

function typeOf(name: string): string {
  return contentTypes[name.split(".").pop() ?? ""] ?? "application/octet-stream";
}

/** Live playback by username (HLS files and the HTTP-FLV relay); the stream key never appears in these addresses. */
export function liveMediaRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/:file{[A-Za-z0-9_]+\\.flv}", async (c) => {
      const username = c.req.param("file").replace(/\.flv$/, "");
      const streamKey = await liveStreamKeyOf(deps, username);
      if (!streamKey || !deps.live) throw new NotFoundError("stream_not_found");
      const upstream = await fetch(deps.live.flvSource(streamKey), { signal: c.req.raw.signal }).catch(() => undefined);
      if (!upstream?.ok || !upstream.body) throw new NotFoundError("stream_not_found");
      const body = deps.live.hasAudio(streamKey) ? upstream.body : upstream.body.pipeThrough(videoOnlyFlvHeader());
      return new Response(body, { headers: { "content-type": "video/x-flv", "cache-control": "no-store", "access-control-allow-origin": "*" } });
    })
    .get("/:username/:file", async (c) => {
      const { username, file } = c.req.param();
      if (!SAFE_NAME.test(username) || !SAFE_NAME.test(file) || file.startsWith(".")) throw new NotFoundError();
      await deps.live?.freshPreview(username, file);
      const path = join(hlsDirOf(deps.config.dataDir, username), file);
      if (!existsSync(path)) throw new NotFoundError();
      // The playlist changes every second; segments never change once written.
      const cache = file.endsWith(".m3u8") ? "no-cache, no-store" : file.endsWith(".ts") ? "public, max-age=60" : "no-cache";
      return serveFileWithRanges(c, path, typeOf(file), cache);
    });
}

/** Replay files and their thumbnails, with ranges; a deleted replay's files are gone for everyone but admins. */
export function recordingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/*", async (c) => {
    const relative = decodeURIComponent(c.req.path.replace(/^\/recordings\//, ""));
    if (!/^[0-9]+\/[A-Za-z0-9_.-]+$/.test(relative)) throw new NotFoundError();
    await assertCanSeeRecording(deps, relative, c.get("auth")?.user);
    const path = join(deps.config.mediaDir, "recordings", relative);
    if (!existsSync(path)) throw new NotFoundError("replay_not_found");
    return serveFileWithRanges(c, path, typeOf(relative), "private, max-age=3600");
  });
}

/**
 * node-media-server always writes an FLV header that announces audio; players then wait forever
 * for audio that a video-only publish never sends. Rewrites the header's flags to "video only".
 */
function videoOnlyFlvHeader(): TransformStream<Uint8Array, Uint8Array> {
  let first = true;
  return new TransformStream({
    transform(chunk, controller) {
      if (first && chunk.length > 4 && chunk[0] === 0x46 && chunk[1] === 0x4c && chunk[2] === 0x56) {
        const patched = new Uint8Array(chunk);
        patched[4] = 0x01;
        chunk = patched;
      }
      first = false;
      controller.enqueue(chunk);
    },
  });
}
