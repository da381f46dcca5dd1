import { existsSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import type { AppDeps, AppEnv, LiveControl } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import { serveFileWithRanges } from "../http/file-ranges.ts";
import { HLS_PLAYLIST, hlsDirOf } from "../../media/live-outputs.ts";
import { liveChannelOf } from "../channels/streams.ts";
import { currentChannelNamed } from "../restricted/live-access.ts";
import { assertMayWatchChannel, assertMayWatchLive, mayStillWatchLive } from "./watch-rule.ts";
import { assertCanSeeRecording } from "../replays/service.ts";
import { LiveFileCache } from "./live-file-cache.ts";
import { relayFromNode, relayTarget } from "./node-relay.ts";
import { requestedSegment, waitForSegment, withBlockingReload } from "./playlist-wait.ts";

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

/**
 * How long caches may keep live files. A segment never changes once written, and its name (numbered
 * from the clock) is never used again for that user, so any cache (nginx's proxy_cache, a CDN) may
 * keep it and serve every viewer from one request to Arena. The playlist changes every second: a
 * shared cache may keep it for one, but not the viewer's browser: a player that polls it would be
 * handed a copy up to a second old and play that much further behind (issue 17). Pictures are
 * remade on demand and are not kept.
 */
function liveCacheControl(file: string): string {
  if (file.endsWith(".ts")) return `public, max-age=${SEGMENT_MAX_AGE_S}, immutable`;
  if (file.endsWith(".m3u8")) return "public, max-age=0, s-maxage=1";
  return "no-cache";
}
// Far longer than a segment stays in the playlist (8 s), short enough not to fill a cache with old lives.
const SEGMENT_MAX_AGE_S = 3600;

/**
 * Live playback by username (HLS files and the HTTP-FLV relay); the stream key never appears in these
 * addresses. On a site of several nodes, a live ingested by another node is relayed from it.
 */
export function liveMediaRoutes(deps: AppDeps) {
  const liveFiles = new LiveFileCache();
  return new Hono<AppEnv>()
    .get("/:file{[A-Za-z0-9_]+\\.flv}", async (c) => {
      const username = c.req.param("file").replace(/\.flv$/, "");
      const restricted = await assertMayWatchLive(deps, c, username);
      const live = await liveChannelOf(deps, username);
      const owner = relayTarget(c, deps, live?.nodeUrl);
      const answer = live && owner ? await relayFromNode(c, owner) : localFlv(deps, live?.streamKey, c.req.raw.signal);
      return restricted && answer.body
        ? new Response(
            endedWhenRefused(answer.body, () => mayStillWatchLive(deps, c, username)),
            answer,
          )
        : answer;
    })
    .get("/:username/:file", async (c) => {
      const { username, file } = c.req.param();
      if (!SAFE_NAME.test(username) || !SAFE_NAME.test(file) || file.startsWith(".")) throw new NotFoundError();
      // The name leads to the channel, and the channel to its folder and rule: a name left by a rename or a deletion reaches nothing.
      const channel = await currentChannelNamed(deps.db, username);
      if (!channel) throw new NotFoundError();
      // Every file of a live (playlists, segments of every rendition, thumbnail, preview) shows its picture.
      const restricted = await assertMayWatchChannel(deps, c, channel);
      await deps.live?.freshPreview(channel.channelId, file);
      const path = join(hlsDirOf(deps.config.dataDir, channel.channelId), file);
      const stats = statSync(path, { throwIfNoEntry: false });
      if (stats) {
        // Every playlist: index.m3u8, and with a quality ladder (media/live-ladder.ts) each rendition's.
        const cacheControl = restricted ? RESTRICTED_CACHE_CONTROL : liveCacheControl(file);
        if (file.endsWith(".m3u8")) return servePlaylist(liveFiles, path, c.req.query("_HLS_msn"), cacheControl);
        // Players ask for whole segments; a range (a download tool) is read from disk.
        if (file.endsWith(".ts") && !c.req.header("range")) return serveSegment(liveFiles, path, stats, file, cacheControl);
        return serveFileWithRanges(c, path, typeOf(file), cacheControl);
      }
      // Only the node that ingests a live has its files.
      const owner = relayTarget(c, deps, (await liveChannelOf(deps, username))?.nodeUrl);
      if (!owner) throw new NotFoundError();
      return relayFromNode(c, owner);
    });
}

/**
 * A restricted live's files are kept by no shared cache (nginx's, a CDN's would hand them to anyone)
 * and not by the browser either: each is asked for, and checked, again.
 */
const RESTRICTED_CACHE_CONTROL = "private, no-store";

/** A live's HTTP-FLV from the media server of this node. */
function localFlv(deps: AppDeps, streamKey: string | null | undefined, signal: AbortSignal): Response {
  const body = streamKey && deps.live ? flvStream(deps.live, streamKey, signal) : undefined;
  if (!body) throw new NotFoundError("stream_not_found");
  return new Response(body, { headers: { "content-type": "video/x-flv", "cache-control": "no-store", "access-control-allow-origin": "*" } });
}

/**
 * How often an open HTTP-FLV of a restricted live asks its rule again. An HLS player asks with each
 * playlist and segment, about every second; an FLV viewer makes one request for the whole live, so a
 * refunded ticket would otherwise keep playing until the viewer reloads (docs/decisions.md, "The
 * refusal mid-playback").
 */
const FLV_RECHECK_MS = 5000;

/**
 * An HTTP-FLV body that ends once its viewer may no longer watch: a live's FLV never ends while the
 * live goes on, so the player takes the end for a failure, asks again, and its page shows the refusal
 * the next request gets. A check that cannot answer (the database busy) lets the viewer go on until the next one.
 */
function endedWhenRefused(body: ReadableStream<Uint8Array>, stillAllowed: () => Promise<boolean>, everyMs = FLV_RECHECK_MS): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setInterval> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        timer = setInterval(async () => {
          if (await stillAllowed().catch(() => true)) return;
          clearInterval(timer);
          controller.close();
          void reader.cancel().catch(() => undefined);
        }, everyMs);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        clearInterval(timer);
        controller.close();
      },
      cancel() {
        clearInterval(timer);
        return reader.cancel();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
}

/** A live playlist, held until it lists the segment the player waits for (playlist-wait.ts); a ladder's master playlist as it is. */
async function servePlaylist(liveFiles: LiveFileCache, path: string, waitedSegment: string | undefined, cacheControl: string): Promise<Response> {
  const segment = requestedSegment(waitedSegment);
  if (segment !== undefined) await waitForSegment(path, segment);
  const playlist = await liveFiles.read(path);
  if (playlist === undefined) throw new NotFoundError();
  const text = new TextDecoder().decode(playlist);
  const served = isMasterPlaylist(text) ? text : withBlockingReload(text);
  return new Response(served, { headers: { "content-type": typeOf(HLS_PLAYLIST), "cache-control": cacheControl } });
}

/** A master playlist lists variants, not segments; blocking reload is a media playlist's (RFC 8216bis §4.4.3.8). */
function isMasterPlaylist(playlist: string): boolean {
  return playlist.includes("#EXT-X-STREAM-INF:");
}

/** A whole segment, with the headers serveFileWithRanges gives it, from memory once one viewer has asked (live-file-cache.ts). */
async function serveSegment(liveFiles: LiveFileCache, path: string, stats: Stats, file: string, cacheControl: string): Promise<Response> {
  const body = await liveFiles.read(path, stats);
  if (body === undefined) throw new NotFoundError();
  return new Response(body, {
    headers: { "accept-ranges": "bytes", "content-type": typeOf(file), "cache-control": cacheControl, "content-length": String(body.byteLength) },
  });
}

/** Replay files and their thumbnails, with ranges; a deleted replay's files are gone for everyone but admins. */
export function recordingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/*", async (c) => {
    const relative = decodeURIComponent(c.req.path.replace(/^\/recordings\//, ""));
    if (!/^[0-9]+\/[A-Za-z0-9_.-]+$/.test(relative)) throw new NotFoundError();
    const { restricted } = await assertCanSeeRecording(deps, relative, c.get("auth")?.user);
    const path = join(deps.config.mediaDir, "recordings", relative);
    if (!existsSync(path)) throw new NotFoundError("replay_not_found");
    return serveFileWithRanges(c, path, typeOf(relative), restricted ? RESTRICTED_CACHE_CONTROL : "private, max-age=3600");
  });
}

// A viewer this far behind (some 25 s of a 2.5 Mbps live) has stalled: it is let go rather than buffered for without end.
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;

/**
 * One viewer's HTTP-FLV body, read from the media server inside this process: its buffers are
 * queued as they are, with no socket or copy in between (docs/decisions.md, "CPU per stream").
 * Undefined when the live is not published on this node.
 */
function flvStream(live: LiveControl, streamKey: string, signal: AbortSignal): ReadableStream<Uint8Array> | undefined {
  let stop: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stop = live.readFlv(streamKey, {
          write(chunk) {
            if ((controller.desiredSize ?? 0) > -MAX_QUEUED_BYTES) return controller.enqueue(chunk);
            stop?.();
            controller.error(new Error("HTTP-FLV viewer too far behind"));
          },
          end: () => controller.close(),
        });
      },
      cancel: () => stop?.(),
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
  if (!stop) return undefined;
  signal.addEventListener("abort", () => stop?.(), { once: true });
  return body;
}
