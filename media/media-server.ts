import { createHash, randomBytes } from "node:crypto";
import type { Socket } from "node:net";
import { join } from "node:path";
// node-media-server keeps its state in module-level singletons: one media server per process.
import NodeMediaServer from "node-media-server";
import Context from "node-media-server/src/core/context.js";
import logger from "node-media-server/src/core/logger.js";

/** What node-media-server tells us about a publishing or playing session. */
interface NmsSession {
  id: string;
  ip: string;
  streamApp: string;
  streamName: string;
  streamPath: string;
  streamQuery: Record<string, string> | undefined;
  socket?: Socket;
  close?: () => void;
}

export interface PublishEvents {
  /** Synchronous on purpose: node-media-server decides right after the prePublish event. */
  isKnownStreamKey(streamKey: string): boolean;
  onPublishStart(streamKey: string): void;
  /** The publisher's connection closed (node-media-server itself waits 30 s more before it gives up on the path). */
  onPublishStop(streamKey: string): void;
}

export interface MediaServer {
  rtmpPort: number;
  /** Where our own ffmpeg jobs read a live stream (loopback, signed). */
  internalRtmpUrl(streamKey: string): string;
  /** Where the HTTP-FLV proxy reads a live stream (loopback, signed). */
  internalFlvUrl(streamKey: string): string;
  /** Cuts a publisher off, e.g. after its stream key was regenerated. */
  disconnect(streamKey: string): void;
  /**
   * Closes every reader of a stream, so our ffmpeg jobs see a clean end of stream and write
   * complete files (a signal can cut ffmpeg off before its last buffered bytes are written).
   */
  endReaders(streamKey: string): void;
  /** Whether the publisher sends audio (its FLV header claims audio either way). */
  hasAudio(streamKey: string): boolean;
  stop(): Promise<void>;
}

const APP = "live";
const SIGN_TTL_S = 24 * 60 * 60;

/**
 * Embeds node-media-server for RTMP ingest and HTTP-FLV. Its own publish check is turned on with a
 * secret only we know; prePublish signs the sessions whose stream key is known, so every other
 * publish is refused before a live flag, a recording or anything else exists (DESIGN.md's trap).
 */
export async function startMediaServer(options: { rtmpPort: number; httpPort: number; dataDir: string; events: PublishEvents; logLevel: string }): Promise<MediaServer> {
  const secret = randomBytes(24).toString("hex");
  const sign = (path: string) => {
    const expires = Math.floor(Date.now() / 1000) + SIGN_TTL_S;
    return `${expires}-${createHash("md5").update(`${path}-${expires}-${secret}`).digest("hex")}`;
  };
  // Its constructor forces the log level to debug and prints a banner; keep it to errors unless we debug.
  const level = options.logLevel === "debug" ? "debug" : "error";
  Object.defineProperty(logger, "level", { get: () => level, set: () => undefined, configurable: true });
  const nms = new NodeMediaServer(
    {
      bind: "0.0.0.0",
      rtmp: { port: options.rtmpPort, chunk_size: 60000, gop_cache: true, ping: 30, ping_timeout: 60 },
      // Its HTTP side is only reached through our proxy; playing there needs a signature anyway.
      http: { port: options.httpPort, allow_origin: "*" },
      auth: { play: true, publish: true, secret },
      record: { auto: false },
      webadmin: { enable: false },
      store: { path: join(options.dataDir, "media-server") },
    } as never,
    "",
  );

  const publishers = new Map<string, NmsSession>();
  const onPrePublish = (session: NmsSession) => {
    if (session.streamApp !== APP || !options.events.isKnownStreamKey(session.streamName)) return;
    session.streamQuery = { ...(session.streamQuery ?? {}), sign: sign(session.streamPath) };
  };
  const onPostPublish = (session: NmsSession) => {
    const key = session.streamName;
    publishers.set(key, session);
    session.socket?.once("close", () => {
      if (publishers.get(key) !== session) return;
      publishers.delete(key);
      options.events.onPublishStop(key);
    });
    options.events.onPublishStart(key);
  };
  Context.eventEmitter.on("prePublish", onPrePublish);
  Context.eventEmitter.on("postPublish", onPostPublish);
  await nms.run();

  const signedPath = (key: string) => `/${APP}/${key}`;
  return {
    rtmpPort: options.rtmpPort,
    internalRtmpUrl: (key) => `rtmp://127.0.0.1:${options.rtmpPort}${signedPath(key)}?sign=${sign(signedPath(key))}`,
    internalFlvUrl: (key) => `http://127.0.0.1:${options.httpPort}${signedPath(key)}.flv?sign=${sign(signedPath(key))}`,
    disconnect(key) {
      const session = publishers.get(key);
      session?.socket?.destroy();
      // Skip the resume window: a cut-off key must not come back as the same publish.
      (Context.broadcasts.get(signedPath(key)) as { _finishPublish?: () => void } | undefined)?._finishPublish?.();
    },
    hasAudio(key) {
      const broadcast = Context.broadcasts.get(signedPath(key)) as { publisher?: { audioCodec?: number } | null } | undefined;
      return (broadcast?.publisher?.audioCodec ?? 0) > 0;
    },
    endReaders(key) {
      const broadcast = Context.broadcasts.get(signedPath(key)) as { subscribers?: Map<string, { close?: () => void }> } | undefined;
      for (const subscriber of broadcast?.subscribers?.values() ?? []) subscriber.close?.();
    },
    async stop() {
      Context.eventEmitter.off("prePublish", onPrePublish);
      Context.eventEmitter.off("postPublish", onPostPublish);
      for (const session of publishers.values()) session.socket?.destroy();
      await nms.stop();
    },
  };
}
