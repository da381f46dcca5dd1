import { createHash, randomBytes } from "node:crypto";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo, Server as NetServer, Socket } from "node:net";
import { join } from "node:path";
import type NodeMediaServer from "node-media-server";
import type { StdinWriter } from "./ffmpeg-job.ts";
import { isAddressInUse } from "./ports.ts";
import { type MeteredPacket, StreamHealthMeter, UNREADABLE_VIDEO_CODECS, videoCodecNamed } from "./stream-health.ts";

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
  /** The publish was cut off at its first packets: its video codec is one Arena cannot process (stream-health.ts). */
  onPublishRefused(streamKey: string, codec: string): void;
}

export interface MediaServer {
  rtmpPort: number;
  /** The loopback port of its HTTP-FLV side, read only by Arena's own proxy. */
  internalHttpPort: number;
  /** Where the multi-streaming relays and the quality ladder read a live stream (loopback, signed). */
  internalRtmpUrl(streamKey: string): string;
  /**
   * Reads a live stream inside this process, as FLV (see FlvReader): returns a function that stops
   * reading (without calling the reader's end), or undefined when no publisher ever came for the stream.
   */
  readFlv(streamKey: string, reader: FlvReader): (() => void) | undefined;
  /** What the publisher announced about its stream (the quality ladder needs it); undefined until its metadata and video header came. */
  publisherInfo(streamKey: string): PublisherInfo | undefined;
  /** What the current publisher really sends (stream health); undefined without a publisher. */
  healthMeter(streamKey: string): StreamHealthMeter | undefined;
  /**
   * Settles once the current publish's video codec is known: with its name when Arena cannot process it (the
   * publish is then already refused), else null. Never settles for a publish that sends no video header.
   */
  codecChecked(streamKey: string): Promise<string | null>;
  /** Cuts a publisher off, e.g. after its stream key was regenerated. */
  disconnect(streamKey: string): void;
  /**
   * Closes every reader of a stream, so our ffmpeg jobs see a clean end of stream and write
   * complete files (a signal can cut ffmpeg off before its last buffered bytes are written).
   */
  endReaders(streamKey: string): void;
  /** Whether both listeners still accept connections (the health check asks). */
  listening(): boolean;
  stop(): Promise<void>;
}

/**
 * An in-process reader of a live: it gets an FLV header, the media server's cached start (metadata,
 * codec headers, the current group of pictures), then each tag as it arrives, as the media server's
 * own buffers: no socket, no copy per reader. HTTP-FLV viewers and the remux read this way
 * (docs/decisions.md, "CPU per stream").
 */
export interface FlvReader {
  /** Called synchronously from the publisher's socket handler: keep it short, never throw. */
  write(chunk: Uint8Array): void;
  /** The media server closed this reader (the live's readers are ended, endReaders). */
  end(): void;
  /**
   * Who reads, for what the media server hands out as it is but they would misread:
   * - "player" (the default): its FLV header always announces audio, and players then wait forever
   *   for audio that a video-only publish never sends; the header says what the publisher's metadata says instead.
   * - "ffmpeg" (a job that starts with the publish, before that metadata exists: the header is left
   *   alone): the publisher's metadata comes as "@setDataFrame onMetaData {…}", which ffmpeg's FLV
   *   demuxer takes for a data stream whose next packet its muxers then wait for, holding everything
   *   back for seconds; it gets plain "onMetaData {…}", as ffmpeg's own RTMP client passes it on.
   */
  for?: "player" | "ffmpeg";
}

// What the remux reads leaves at least this often; keyframes leave at once (ffmpegReader).
const FEED_FLUSH_MS = 500;

/**
 * The remux's reader: the live into ffmpeg's stdin, in a few writes a second instead of one per tag
 * (75 a second): ffmpeg then wakes that much less, and its share of a core falls from ~0.4 % to
 * ~0.15 % (docs/decisions.md "CPU per stream"). Nobody sees a segment before it is finished, so
 * what matters is when a segment ends: at a keyframe, which leaves at once. ffmpeg's muxer writes a
 * packet only once every stream has one queued at or after it, so after a keyframe each audio tag
 * also leaves at once, until one reaches the keyframe's time.
 */
export function ffmpegReader(stdin: StdinWriter): FlvReader {
  let lastFlush = performance.now();
  let keyframeAwaitingAudio: number | null = null;
  const flush = () => {
    lastFlush = performance.now();
    stdin.flush();
  };
  return {
    for: "ffmpeg",
    write(chunk) {
      stdin.write(chunk);
      const tag = chunk as Buffer;
      if (isKeyframe(tag)) {
        keyframeAwaitingAudio = tagTimestamp(tag);
        return flush();
      }
      if (tag[0] === FLV_AUDIO_TAG && keyframeAwaitingAudio !== null) {
        if (tagTimestamp(tag) >= keyframeAwaitingAudio) keyframeAwaitingAudio = null;
        return flush();
      }
      if (performance.now() - lastFlush >= FEED_FLUSH_MS) flush();
    },
    end: () => stdin.end(),
  };
}

/** A live's source as its publisher describes it: its onMetaData and its codec headers. */
export interface PublisherInfo {
  width: number;
  height: number;
  fps: number;
  /** Bitrates the publisher says it sends (0: not said). */
  videoKbps: number;
  audioKbps: number;
  /** RFC 6381 codec names for a master playlist, e.g. avc1.64001f and mp4a.40.2; audio undefined without audio. */
  videoCodec: string | undefined;
  audioCodec: string | undefined;
}

interface Publisher {
  audioCodec?: number;
  videoCodec?: unknown;
  videoWidth?: number;
  videoHeight?: number;
  videoFramerate?: number;
  videoDatarate?: number;
  audioDatarate?: number;
}

interface Broadcast {
  publisher?: Publisher | null;
  broadcastMessage(packet: MeteredPacket): void;
  flvVideoHeader?: Buffer | null;
  flvAudioHeader?: Buffer | null;
  subscribers?: Map<string, { close?: () => void }>;
  postPlay(session: unknown): string | null;
  donePlay(session: unknown): void;
  getPublishStatus(): "publishing" | "reconnecting" | "idle";
}

const APP = "live";
const SIGN_TTL_S = 24 * 60 * 60;

/**
 * Embeds node-media-server for RTMP ingest and HTTP-FLV. Its own publish check is turned on with a
 * secret only we know; prePublish signs the sessions whose stream key is known, so every other
 * publish is refused before a live flag, a recording or anything else exists (DESIGN.md's trap).
 */
export async function startMediaServer(options: {
  rtmpPort: number;
  /** Tried first for the internal HTTP-FLV listener; when unset or taken, the kernel picks a loopback port. */
  internalHttpPort?: number;
  log?: (line: string) => void;
  dataDir: string;
  events: PublishEvents;
  logLevel: string;
}): Promise<MediaServer> {
  const { NodeMediaServer, Context, BaseSession, logger } = await loadNodeMediaServer();
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
      // A placeholder that makes it build its HTTP side; we bind that side ourselves (see listenOurselves).
      http: { port: 1, allow_origin: "*" },
      auth: { play: true, publish: true, secret },
      record: { auto: false },
      webadmin: { enable: false },
      store: { path: join(options.dataDir, "media-server") },
    } as never,
    "",
  );

  const publishers = new Map<string, NmsSession>();
  const signedPath = (key: string) => `/${APP}/${key}`;
  // A publisher back within node-media-server's grace window inherits the last one's description and
  // codec headers until its own come: the header the broadcast held at the publish is not this publisher's.
  const headersAtPublish = new Map<string, Buffer | null>();
  const meters = new Map<string, StreamHealthMeter>();
  const codecChecks = new Map<string, { settled: Promise<string | null>; settle: (refused: string | null) => void }>();
  const refused = new Set<string>();
  const cutOff = (key: string) => {
    publishers.get(key)?.socket?.destroy();
    // Skip the resume window: a cut-off key must not come back as the same publish.
    (Context.broadcasts.get(signedPath(key)) as { _finishPublish?: () => void } | undefined)?._finishPublish?.();
  };
  const refuse = (key: string, codec: string) => {
    if (refused.has(key)) return;
    refused.add(key);
    options.events.onPublishRefused(key, codec);
    codecChecks.get(key)?.settle(codec);
    cutOff(key);
  };
  // Every packet of the publish passes here first: the meter counts it, and a codec Arena cannot read ends the publish
  // before its header reaches a reader (ffmpeg would wait on it, and the live would show nothing).
  const metered = new WeakSet<Broadcast>();
  const meterBroadcast = (broadcast: Broadcast, key: string) => {
    if (metered.has(broadcast)) return;
    metered.add(broadcast);
    const forward = broadcast.broadcastMessage;
    broadcast.broadcastMessage = (packet) => {
      if (refused.has(key)) return;
      if (packet.flags === 2) {
        const codec = videoCodecNamed(packet.codec_id);
        if (codec && UNREADABLE_VIDEO_CODECS.has(codec)) return refuse(key, codec);
        codecChecks.get(key)?.settle(null);
      }
      meters.get(key)?.onPacket(packet);
      forward(packet);
      // OBS announces an enhanced-RTMP codec in its metadata, before any header: refused there already.
      const announced = packet.flags === 5 ? videoCodecNamed(broadcast.publisher?.videoCodec) : null;
      if (announced && UNREADABLE_VIDEO_CODECS.has(announced)) refuse(key, announced);
    };
  };
  const onPrePublish = (session: NmsSession) => {
    if (session.streamApp !== APP || !options.events.isKnownStreamKey(session.streamName)) return;
    session.streamQuery = { ...(session.streamQuery ?? {}), sign: sign(session.streamPath) };
  };
  const onPostPublish = (session: NmsSession) => {
    const key = session.streamName;
    publishers.set(key, session);
    refused.delete(key);
    meters.set(key, new StreamHealthMeter());
    let settle: (refused: string | null) => void = () => undefined;
    const settled = new Promise<string | null>((resolve) => {
      settle = resolve;
    });
    codecChecks.set(key, { settled, settle });
    const broadcast = Context.broadcasts.get(session.streamPath) as Broadcast | undefined;
    if (broadcast) meterBroadcast(broadcast, key);
    headersAtPublish.set(key, (Context.broadcasts.get(session.streamPath) as Broadcast | undefined)?.flvVideoHeader ?? null);
    session.socket?.once("close", () => {
      if (publishers.get(key) !== session) return;
      publishers.delete(key);
      headersAtPublish.delete(key);
      meters.delete(key);
      codecChecks.delete(key);
      options.events.onPublishStop(key);
    });
    options.events.onPublishStart(key);
  };
  const { rtmpServer, httpServer } = listenOurselves(nms);
  let internalHttpPort: number;
  try {
    await listenOnce(rtmpServer, options.rtmpPort, "0.0.0.0").catch((error) => {
      throw isAddressInUse(error) ? new Error(`${rtmpPortTakenMessage(options.rtmpPort)} (another Arena or media server?): choose another with RTMP_PORT, or 0 to turn ingest off.`) : error;
    });
    // Its HTTP side is only reached through our proxy (playing there needs a signature anyway): loopback only.
    internalHttpPort = await listenOnLoopback(httpServer, options.internalHttpPort, options.log);
  } catch (error) {
    await nms.stop();
    throw error;
  }
  Context.eventEmitter.on("prePublish", onPrePublish);
  Context.eventEmitter.on("postPublish", onPostPublish);
  await nms.run();

  return {
    rtmpPort: options.rtmpPort,
    internalHttpPort,
    internalRtmpUrl: (key) => `rtmp://127.0.0.1:${options.rtmpPort}${signedPath(key)}?sign=${sign(signedPath(key))}`,
    readFlv(key, reader) {
      const broadcast = Context.broadcasts.get(signedPath(key)) as Broadcast | undefined;
      // Its publisher is set only after the publish event our jobs start on: the broadcast existing is enough.
      if (!broadcast) return undefined;
      return attachReader(new BaseSession(), broadcast, signedPath(key), reader);
    },
    publisherInfo(key) {
      const broadcast = Context.broadcasts.get(signedPath(key)) as Broadcast | undefined;
      const inherited = headersAtPublish.get(key);
      if (!broadcast || (inherited && broadcast.flvVideoHeader === inherited)) return undefined;
      return publisherInfoOf(broadcast);
    },
    healthMeter: (key) => meters.get(key),
    codecChecked: (key) => codecChecks.get(key)?.settled ?? Promise.resolve(null),
    disconnect: cutOff,
    endReaders(key) {
      const broadcast = Context.broadcasts.get(signedPath(key)) as Broadcast | undefined;
      for (const subscriber of broadcast?.subscribers?.values() ?? []) subscriber.close?.();
    },
    listening: () => rtmpServer.listening && httpServer.listening,
    async stop() {
      Context.eventEmitter.off("prePublish", onPrePublish);
      Context.eventEmitter.off("postPublish", onPostPublish);
      for (const session of publishers.values()) session.socket?.destroy();
      await nms.stop();
    },
  };
}

/**
 * node-media-server and its fifty modules, loaded by the first media server rather than by every process that
 * imports this one: a server without RTMP ingest (most test servers, the backup and admin tools) never needs them.
 * It keeps its state in module-level singletons: one media server per process.
 */
async function loadNodeMediaServer() {
  const [server, context, session, logger] = await Promise.all([
    import("node-media-server"),
    import("node-media-server/src/core/context.js"),
    import("node-media-server/src/session/base_session.js"),
    import("node-media-server/src/core/logger.js"),
  ]);
  return { NodeMediaServer: server.default, Context: context.default, BaseSession: session.default, logger: logger.default };
}

/**
 * Registers `reader` as a subscriber of the broadcast, the way node-media-server's own recorder
 * does: a session without an address, so no play check and no play event.
 */
function attachReader(session: object, broadcast: Broadcast, streamPath: string, reader: FlvReader): () => void {
  let attached = true;
  let first = true;
  // ffmpeg learns the picture's size from the first keyframe: an input that ends before one makes no
  // file at all (a stop right after going live would leave no recording). While the publisher still
  // sends, an ffmpeg reader closed before its first picture ends right after that picture.
  let pictured = reader.for !== "ffmpeg";
  let endsAtPicture = false;
  // ffmpeg attaches at the publish, before the publisher's metadata says whether audio comes: its FLV
  // header waits for the next tag. A header that announces audio that never comes keeps ffmpeg
  // waiting for it, and a video-only live would never get HLS.
  let heldHeader: Buffer | undefined;
  const detach = () => {
    if (!attached) return;
    attached = false;
    broadcast.donePlay(session);
  };
  const finish = () => {
    detach();
    reader.end();
  };
  Object.assign(session, {
    protocol: "flv",
    streamPath,
    sendBuffer(buffer: Buffer) {
      if (!attached) return;
      // The first buffer is the broadcast's FLV header.
      const header = first && buffer.length === FLV_HEADER_SIZE;
      first = false;
      const withoutAudio = () => (broadcast.publisher?.audioCodec ?? 0) === 0;
      if (reader.for === "ffmpeg") {
        if (header) {
          heldHeader = buffer;
          return;
        }
        // Metadata first (as publishers send it) says whether audio comes; a first media tag says nothing.
        if (heldHeader) reader.write(buffer[0] === FLV_SCRIPT_TAG && withoutAudio() ? withoutAudioFlag(heldHeader) : heldHeader);
        heldHeader = undefined;
        if (buffer[0] === FLV_SCRIPT_TAG) buffer = withoutSetDataFrame(buffer);
      } else if (header && withoutAudio()) buffer = withoutAudioFlag(buffer);
      reader.write(buffer);
      if (pictured || !isKeyframe(buffer)) return;
      pictured = true;
      if (endsAtPicture) finish();
    },
    close() {
      if (!attached) return;
      if (!pictured && broadcast.getPublishStatus() === "publishing") endsAtPicture = true;
      else finish();
    },
  });
  broadcast.postPlay(session);
  return detach;
}

// An FLV tag's header (11 bytes), then the codec byte and, for H.264 and AAC, the packet type (and 3 bytes of composition time for H.264).
const AVC_CONFIG_OFFSET = 11 + 5;
const AAC_CONFIG_OFFSET = 11 + 2;

function publisherInfoOf(broadcast: Broadcast): PublisherInfo | undefined {
  const publisher = broadcast.publisher;
  const video = broadcast.flvVideoHeader;
  if (!publisher?.videoHeight || !publisher.videoWidth || !video || video.length < AVC_CONFIG_OFFSET + 4) return undefined;
  // AVCDecoderConfigurationRecord: version, profile, constraint flags, level.
  const avc = video.subarray(AVC_CONFIG_OFFSET + 1, AVC_CONFIG_OFFSET + 4);
  const audio = broadcast.flvAudioHeader;
  // Metadata that announces audio comes before the audio's header: wait for it too.
  if (publisher.audioCodec && !audio) return undefined;
  // AudioSpecificConfig: its first five bits are the audio object type (2: AAC-LC).
  const audioObjectType = audio && audio.length > AAC_CONFIG_OFFSET ? audio[AAC_CONFIG_OFFSET]! >> 3 : 0;
  return {
    width: publisher.videoWidth,
    height: publisher.videoHeight,
    fps: publisher.videoFramerate || 30,
    videoKbps: publisher.videoDatarate ?? 0,
    audioKbps: publisher.audioDatarate ?? 0,
    videoCodec: (video[11]! & 0x0f) === 7 ? `avc1.${avc.toString("hex")}` : undefined,
    audioCodec: audioObjectType ? `mp4a.40.${audioObjectType}` : undefined,
  };
}

// "FLV", version, flags (4 = audio, 1 = video), header size (9), then the first previous-tag size (0).
const FLV_HEADER_SIZE = 13;

function withoutAudioFlag(header: Buffer): Buffer {
  const patched = Buffer.from(header);
  patched[4] = 0x01;
  return patched;
}

const FLV_AUDIO_TAG = 8;
const FLV_VIDEO_TAG = 9;

/** A tag's time in milliseconds: 24 bits, then 8 more above them. */
function tagTimestamp(tag: Buffer): number {
  return (tag[7]! * 0x1000000 + tag.readUIntBE(4, 3)) >>> 0;
}

/** A video tag holding a keyframe (not a sequence header): frame type 1 in its first data byte's high bits. */
function isKeyframe(tag: Buffer): boolean {
  if (tag[0] !== FLV_VIDEO_TAG || tag.length < FLV_TAG_HEADER_SIZE + 2) return false;
  const info = tag[FLV_TAG_HEADER_SIZE]!;
  if (((info >> 4) & 0x07) !== 1) return false;
  // Enhanced RTMP (high bit set): the low bits are the packet type, 0 a sequence start. Else, for H.264 and H.265, the next byte (0: sequence header).
  if (info & 0x80) return (info & 0x0f) !== 0;
  const codec = info & 0x0f;
  return (codec !== 7 && codec !== 12) || tag[FLV_TAG_HEADER_SIZE + 1] !== 0;
}

// A tag: type (18 = script data), data size (3 bytes), timestamp (4), stream id (3), data, then its own size (4).
const FLV_SCRIPT_TAG = 18;
const FLV_TAG_HEADER_SIZE = 11;
// The AMF0 string "@setDataFrame": marker 2, length 13, the characters.
const SET_DATA_FRAME = Buffer.concat([Buffer.from([0x02, 0x00, 0x0d]), Buffer.from("@setDataFrame")]);

/** A script tag "@setDataFrame onMetaData {…}" as "onMetaData {…}"; any other tag as it is. */
function withoutSetDataFrame(tag: Buffer): Buffer {
  const start = FLV_TAG_HEADER_SIZE + SET_DATA_FRAME.length;
  if (tag.length < start + 4 || !tag.subarray(FLV_TAG_HEADER_SIZE, start).equals(SET_DATA_FRAME)) return tag;
  const data = tag.subarray(start, tag.length - 4);
  const out = Buffer.alloc(FLV_TAG_HEADER_SIZE + data.length + 4);
  tag.copy(out, 0, 0, FLV_TAG_HEADER_SIZE);
  out.writeUIntBE(data.length, 1, 3);
  data.copy(out, FLV_TAG_HEADER_SIZE);
  out.writeUInt32BE(FLV_TAG_HEADER_SIZE + data.length, FLV_TAG_HEADER_SIZE + data.length);
  return out;
}

const rtmpPortTakenMessage = (port: number) => `RTMP port ${port} is already in use`;

/** Whether a failed start (its error, or a process's output) was a taken RTMP port: a caller that chose the port at random may try another. */
export function isRtmpPortTaken(errorOrOutput: unknown): boolean {
  const text = errorOrOutput instanceof Error ? errorOrOutput.message : String(errorOrOutput);
  return /RTMP port \d+ is already in use/.test(text);
}

interface NmsListeners {
  rtmpServer: { run(): void; tcpServer: NetServer };
  httpServer: { run(): void; httpServer: HttpServer };
}

/**
 * node-media-server binds its listeners in run() without waiting, and exits the whole process when a
 * port is taken. We bind them ourselves instead, so a taken port is an error we can answer (retry
 * elsewhere, or say which setting to change) and run() only starts the rest.
 */
function listenOurselves(nms: NodeMediaServer): { rtmpServer: NetServer; httpServer: HttpServer } {
  const parts = nms as unknown as NmsListeners;
  parts.rtmpServer.run = () => undefined;
  parts.httpServer.run = () => undefined;
  // Its constructor attached the handler that calls process.exit(1) on a bind error.
  parts.httpServer.httpServer.removeAllListeners("error");
  return { rtmpServer: parts.rtmpServer.tcpServer, httpServer: parts.httpServer.httpServer };
}

/** The preferred port if it is free, else port 0: the kernel picks and binds in one step, so nothing can take the port in between. */
async function listenOnLoopback(server: HttpServer, preferred: number | undefined, log?: (line: string) => void): Promise<number> {
  if (preferred) {
    try {
      await listenOnce(server, preferred, "127.0.0.1");
      return preferred;
    } catch (error) {
      if (!isAddressInUse(error)) throw error;
      log?.(`[media] internal port ${preferred} is taken; letting the system choose another`);
    }
  }
  await listenOnce(server, 0, "127.0.0.1");
  return (server.address() as AddressInfo).port;
}

function listenOnce(server: NetServer | HttpServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      server.off("listening", succeed);
      reject(error);
    };
    const succeed = () => {
      server.off("error", fail);
      resolve();
    };
    server.once("error", fail);
    server.once("listening", succeed);
    server.listen(port, host);
  });
}
