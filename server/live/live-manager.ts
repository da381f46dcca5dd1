import { existsSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { dialectOf } from "../../db/index.ts";
import type { FfmpegJob, StdinWriter } from "../../media/ffmpeg-job.ts";
import { startLiveLadder } from "../../media/live-ladder.ts";
import { hlsDirOf, PREVIEW_GIF, refreshPreviewGif, refreshThumbnail, startLiveRemux, THUMBNAIL } from "../../media/live-outputs.ts";
import { ffmpegReader, type FlvReader, type MediaServer, type PublishEvents } from "../../media/media-server.ts";
import { type LadderStatus, QualityLadder } from "../../media/quality-ladder.ts";
import type { AppDeps, LiveControl } from "../http/context.ts";
import { finaliseSessionReplay } from "../replays/finalise.ts";
import { startRelays } from "../restream/relays.ts";
import { recordingRoom } from "../storage/disk-room.ts";
import { warnAdminsDiskNearlyFull, warnRecordingStopped } from "../storage/warnings.ts";
import { noteGapEnd, noteGapStart } from "./recording-gaps.ts";
import { markOffline, ownsSession, RECONNECT_GRACE_MS } from "./sessions.ts";
import type { StreamKeyDirectory } from "./stream-keys.ts";
import { becomeStreamerOnLive } from "../users/streamer-role.ts";
import { notify } from "../notifications/service.ts";
import { HealthSampler, type IngestProtocol, recordRefusal } from "../health/sampler.ts";

/** How often a live waiting for its publisher during a match reads the server's clock (a test's clock moves it too). */
const MATCH_WAIT_CHECK_MS = 1000;
// Pictures are made when someone asks for them (a card on a page), at most this old when served:
// with nobody looking, a live costs no ffmpeg runs beyond its first picture (docs/benchmarks.md).
export const THUMBNAIL_MAX_AGE_MS = 5000;
const PREVIEW_MAX_AGE_MS = 30_000;
const FIRST_THUMBNAIL_RETRY_MS = 1500;
/** How often the media disk's room is read: an hour of recording at 6 Mb/s is 2.7 GB, a minute 45 MB. */
const RECORDING_ROOM_CHECK_MS = 15_000;
/**
 * How long a new publish may go without a video header before it goes live anyway (an audio-only one): the live waits
 * for its video codec, so a publish Arena cannot process is refused before anyone is told it is live.
 */
const CODEC_WAIT_MS = 3000;

interface LiveChannel {
  channelId: number;
  username: string;
  sessionId: number;
  hlsDir: string;
  recordingDir: string;
  /** False once the disk was found nearly full: the live goes on, unrecorded (server/storage/). */
  recording: boolean;
  remux?: FfmpegJob;
  relays?: Promise<FfmpegJob[]>;
  /** The jobs of the last publish while they stop (the publisher left; it may come back within the grace window). */
  stoppingJobs?: Promise<unknown>;
  /** The database side of the start; the end waits for it. */
  opened?: Promise<void>;
  previewTimer?: Timer;
  /** The picture being made right now, shared by every request that wants it. */
  rendering?: Map<string, Promise<unknown>>;
  /** Set while the publisher is away: the end of the grace window (a timeout), or of a match's wait (an interval). */
  offlineTimer?: Timer;
  /** When the publisher left, while it is away. */
  leftAt?: number;
  /** The live waits for its publisher through a bracket match (issue 37, item 5): viewers were told it reconnects. */
  waitsForMatch?: boolean;
  /** The wait written down and told; its end waits for it, so "resumed" never comes before "reconnecting". */
  waitTold?: Promise<void>;
  /** Its key opens nothing any more (a new key, an erased account): no publisher can come back, so no grace. */
  keyGone?: boolean;
  /** The live's stream health measuring (server/health/), from its session's opening. */
  health?: HealthSampler;
  /** The video codec its publish was refused for: a live that never opened ends at once. */
  refused?: string;
}

/**
 * The remux reads the live from inside this process, through its stdin (a restarted one gets the
 * cached start again); a stream gone meanwhile ends its input at once.
 */
function feedFromMediaServer(media: MediaServer, streamKey: string, stdin: StdinWriter): () => void {
  const stop = media.readFlv(streamKey, ffmpegReader(stdin));
  if (!stop) stdin.end();
  return stop ?? (() => undefined);
}

/**
 * Turns media server events into live sessions: the live flag, the HLS remux and recording, the
 * thumbnails, and at the end the replay. The database stays the truth; this only holds the
 * running jobs and timers of the channels live right now.
 */
export class LiveManager implements PublishEvents, LiveControl {
  private readonly live = new Map<string, LiveChannel>();
  /** The keys a WHIP or SRT bridge of this node is about to publish (an RTMP publish on loopback all the same). */
  private readonly bridged = new Map<string, IngestProtocol>();
  private media: MediaServer | undefined;
  private readonly pending = new Set<Promise<unknown>>();
  /** LIVE_LADDER; undefined when off (the default): every live is remuxed only. */
  private readonly ladder: QualityLadder | undefined;
  /** The last reading of the media disk: new lives and reconnects record only while it has room. */
  private roomToRecord = true;
  private roomTimer: Timer | undefined;

  constructor(
    private readonly deps: AppDeps,
    private readonly streamKeys: StreamKeyDirectory,
    private readonly log: (line: string) => void,
    /** How long a live waits for its publisher through a match on its channel's station; undefined: no match (server/tournaments/match-reconnect.ts). */
    private readonly matchWaitMs: (username: string) => Promise<number | undefined> = async () => undefined,
  ) {
    this.ladder = deps.config.liveLadder.length > 0 ? new QualityLadder(deps.config.liveLadder, log) : undefined;
    streamKeys.onReload(() => this.endLivesOfGoneKeys());
  }

  /**
   * After the keys were read again (a change on any node signals it): a live whose key opens nothing any more is
   * cut and ended at once, on whichever node holds its publisher. An account erased mid-live ends this way.
   */
  private endLivesOfGoneKeys(): void {
    for (const [streamKey, channel] of this.live) {
      if (this.streamKeys.lookup(streamKey) || channel.keyGone) continue;
      channel.keyGone = true;
      if (!channel.offlineTimer) this.disconnect(streamKey);
      else {
        clearTimeout(channel.offlineTimer);
        channel.offlineTimer = setTimeout(() => this.track(this.end(streamKey, channel)), 0);
      }
    }
  }

  attach(media: MediaServer): void {
    this.media = media;
    this.track(this.checkRecordingRoom());
    this.roomTimer = setInterval(() => this.track(this.checkRecordingRoom()), RECORDING_ROOM_CHECK_MS);
  }

  /**
   * Reads the media disk's room. Nearly full: the admins are told (once, as it happens), every
   * recording in progress stops with its part closed cleanly, so what was recorded becomes the
   * replay, and the lives go on unrecorded. Room again: the next lives record.
   */
  async checkRecordingRoom(): Promise<void> {
    const room = await recordingRoom(this.deps);
    const hadRoom = this.roomToRecord;
    this.roomToRecord = room.enough;
    if (room.enough) return;
    if (hadRoom) await warnAdminsDiskNearlyFull(this.deps, room, this.log);
    for (const [streamKey, channel] of this.live) if (channel.recording) await this.stopRecording(streamKey, channel);
  }

  /** Restarts the live's remux without its recording output; the part written so far is closed by ffmpeg's own ending. */
  private async stopRecording(streamKey: string, channel: LiveChannel): Promise<void> {
    channel.recording = false;
    const remux = channel.remux;
    if (remux) {
      channel.remux = undefined;
      await remux.stop();
      // Unless the publisher left meanwhile (then a reconnect starts the jobs again, unrecorded).
      if (this.live.get(streamKey) === channel && !channel.offlineTimer) channel.remux = this.startRemux(streamKey, channel);
    }
    await channel.opened;
    await warnRecordingStopped(this.deps, channel, this.log);
  }

  readFlv(streamKey: string, reader: FlvReader): (() => void) | undefined {
    return this.media?.readFlv(streamKey, reader);
  }

  ingestListening(): boolean {
    return this.media?.listening() ?? false;
  }

  ladderStatus(): LadderStatus | null {
    return this.ladder?.status() ?? null;
  }

  isKnownStreamKey(streamKey: string): boolean {
    const known = this.streamKeys.lookup(streamKey) !== undefined;
    // A key made on another node a moment ago: refused now, known when the publisher retries.
    if (!known) void this.streamKeys.reload();
    return known;
  }

  /**
   * Jobs start synchronously, before any database write, so the recording catches the stream from
   * its first keyframe (the media server only keeps the last group of pictures for late readers).
   */
  onPublishStart(streamKey: string): void {
    const existing = this.live.get(streamKey);
    if (existing?.offlineTimer) {
      // Back inside the grace window: same live session, a new recording part.
      this.resume(existing);
      existing.refused = undefined;
      if (existing.health) this.track(existing.health.reconnected());
      const stopsRecording = existing.recording && !this.roomToRecord;
      existing.recording &&= this.roomToRecord;
      this.startJobs(streamKey, existing);
      if (stopsRecording) this.track(existing.opened!.then(() => warnRecordingStopped(this.deps, existing, this.log)));
      return;
    }
    const row = this.streamKeys.lookup(streamKey);
    if (!row) {
      this.disconnect(streamKey);
      return;
    }
    const now = this.deps.now();
    const hlsDir = hlsDirOf(this.deps.config.dataDir, row.id);
    rmSync(hlsDir, { recursive: true, force: true });
    const recordingDir = join(this.deps.config.mediaDir, "recordings", String(row.id), String(now));
    const channel: LiveChannel = { channelId: row.id, username: row.username, sessionId: 0, hlsDir, recordingDir, recording: this.roomToRecord };
    this.live.set(streamKey, channel);
    this.startJobs(streamKey, channel);
    const opened = this.openOnceCodecChecked(streamKey, channel, now);
    channel.opened = opened;
    this.track(channel.recording ? opened : opened.then(() => warnRecordingStopped(this.deps, channel, this.log)));
  }

  /** The media server cut a publish off for its codec: the streamer is told why (a notification, their health panel). */
  onPublishRefused(streamKey: string, codec: string): void {
    const row = this.streamKeys.lookup(streamKey);
    const channel = this.live.get(streamKey);
    if (channel) channel.refused = codec;
    this.log(`[live] refused the publish of ${row?.username ?? "?"}: ${codec} video cannot be processed`);
    if (row) this.track(this.tellRefused(row.id, row.username, codec));
  }

  private async tellRefused(channelId: number, username: string, codec: string): Promise<void> {
    await recordRefusal(this.deps, channelId, codec);
    const owner = await this.deps.db.selectFrom("channel").select("user_id").where("id", "=", channelId).executeTakeFirst();
    if (owner) await notify(this.deps, [owner.user_id], { type: "stream_refused", actorId: null, link: `/stream/${username}`, data: { codec } });
  }

  /** Opens the session once the publish's video codec is known (or CODEC_WAIT_MS passed), unless it was refused. */
  private async openOnceCodecChecked(streamKey: string, channel: LiveChannel, now: number): Promise<void> {
    let timer: Timer | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), CODEC_WAIT_MS);
    });
    const refused = await Promise.race([this.media?.codecChecked(streamKey) ?? null, waited]);
    clearTimeout(timer);
    if (refused || channel.refused) return;
    await this.openSession(channel, now);
    const media = this.media;
    if (!media) return;
    channel.health = new HealthSampler(this.deps, channel.channelId, { meter: () => media.healthMeter(streamKey), size: () => media.publisherInfo(streamKey) }, this.log);
    await channel.health.start(channel.sessionId, this.bridged.get(streamKey) ?? "rtmp");
  }

  /** A bridge of this node (WHIP, SRT) publishes `streamKey` next; forgotten when that publish stops. */
  publishesVia(streamKey: string, protocol: IngestProtocol): void {
    this.bridged.set(streamKey, protocol);
  }

  onPublishStop(streamKey: string): void {
    this.bridged.delete(streamKey);
    const channel = this.live.get(streamKey);
    if (!channel) return;
    this.track(this.pause(streamKey, channel));
  }

  /** Cuts the publisher of a key off (after its key changed); the live ends after the usual grace. */
  disconnect(streamKey: string): void {
    this.media?.disconnect(streamKey);
  }

  /** Waits for the work started by media events (tests use it to read a settled state). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch((error) => this.log(`[live] ${(error as Error).message}`)).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  private async openSession(channel: LiveChannel, now: number): Promise<void> {
    // The watch rule goes with the session, so its replays are as restricted as the live (server/restricted/live-access.ts).
    const details = await this.deps.db
      .selectFrom("channel")
      .select(["title", "description", "game_id", "tags", "watch_access", "watch_event_id", "watch_tournament_id"])
      .where("id", "=", channel.channelId)
      .executeTakeFirstOrThrow();
    const session = await this.deps.db
      .insertInto("live_session")
      .values({ channel_id: channel.channelId, ...details, started_at: now, ended_at: null, recording_dir: channel.recordingDir, node_url: this.deps.config.nodeUrl })
      .returning("id")
      .executeTakeFirstOrThrow();
    channel.sessionId = session.id;
    await becomeStreamerOnLive(this.deps.db, channel.channelId, now);
    await this.deps.db.updateTable("channel").set({ is_live: 1, live_session_id: session.id }).where("id", "=", channel.channelId).execute();
    this.deps.bus.emit("stream:started", { channelId: channel.channelId, username: channel.username });
  }

  private startJobs(streamKey: string, channel: LiveChannel): void {
    const media = this.media;
    if (!media) return;
    channel.remux = this.startRemux(streamKey, channel);
    channel.relays = startRelays(this.deps, channel.channelId, () => media.internalRtmpUrl(streamKey), this.log);
    // The first picture as soon as a segment exists, so the channel's card has one from the start.
    const firstPicture = async (): Promise<void> => {
      const made = await refreshThumbnail(channel.hlsDir).catch(() => false);
      if (made) await refreshPreviewGif(channel.hlsDir).catch(() => undefined);
      if (channel.previewTimer) channel.previewTimer = made ? undefined : setTimeout(firstPicture, FIRST_THUMBNAIL_RETRY_MS);
    };
    channel.previewTimer = setTimeout(firstPicture, FIRST_THUMBNAIL_RETRY_MS);
  }

  /** The HLS remux (or ladder), with the recording part while the live is recorded. */
  private startRemux(streamKey: string, channel: LiveChannel): FfmpegJob {
    const media = this.media!;
    const paths = { hlsDir: channel.hlsDir, recordingDir: channel.recording ? channel.recordingDir : null };
    const ladder = this.ladder;
    return ladder
      ? startLiveLadder({
          input: () => media.internalRtmpUrl(streamKey),
          paths,
          log: this.log,
          heights: ladder.heights,
          encoder: ladder.encoder,
          source: () => media.publisherInfo(streamKey),
          // A publisher back at another size: the last ladder's rungs are taken away once it can no longer write them.
          previousJobsStopped: channel.stoppingJobs,
        })
      : startLiveRemux({ feed: (stdin) => feedFromMediaServer(media, streamKey, stdin) }, paths, this.log);
  }

  /**
   * Before a live's thumbnail or animated preview is served: remakes it from the newest segment when
   * it is older than its maximum age. Concurrent requests wait for the same ffmpeg run.
   */
  async freshPreview(channelId: number, file: string): Promise<void> {
    const maxAge = file === THUMBNAIL ? THUMBNAIL_MAX_AGE_MS : file === PREVIEW_GIF ? PREVIEW_MAX_AGE_MS : undefined;
    const channel = [...this.live.values()].find((c) => c.channelId === channelId && c.remux);
    if (maxAge === undefined || !channel) return;
    const path = join(channel.hlsDir, file);
    if (existsSync(path) && Date.now() - statSync(path).mtimeMs < maxAge) return;
    channel.rendering ??= new Map();
    let rendering = channel.rendering.get(file);
    if (!rendering) {
      rendering = (file === THUMBNAIL ? refreshThumbnail(channel.hlsDir) : refreshPreviewGif(channel.hlsDir)).catch(() => undefined).finally(() => channel.rendering?.delete(file));
      channel.rendering.set(file, rendering);
    }
    await rendering;
  }

  /** Stops the jobs by closing their input, so the recording part and the playlist are written to the last byte. */
  private async stopJobs(streamKey: string, channel: LiveChannel): Promise<void> {
    clearTimeout(channel.previewTimer);
    channel.previewTimer = undefined;
    const jobs = [channel.remux, ...((await channel.relays) ?? [])].filter((job) => job !== undefined);
    channel.remux = undefined;
    channel.relays = undefined;
    if (jobs.length === 0) return;
    const stopping = Promise.all(jobs.map((job) => job.stop(5000)));
    channel.stoppingJobs = stopping;
    this.media?.endReaders(streamKey);
    await stopping;
  }

  /** Restarts a live channel's relays after its multi-streaming settings changed. */
  async refreshRelays(channelId: number): Promise<void> {
    const entry = [...this.live].find(([, channel]) => channel.channelId === channelId && channel.remux);
    const media = this.media;
    if (!entry || !media) return;
    const [streamKey, channel] = entry;
    const previous = (await channel.relays) ?? [];
    await Promise.all(previous.map((job) => job.stop()));
    channel.relays = startRelays(this.deps, channelId, () => media.internalRtmpUrl(streamKey), this.log);
    await channel.relays;
  }

  /**
   * The publisher left: close the recording part now, and end the live unless it comes back within the grace
   * window, or, while the channel's station plays a bracket match, within the site's match reconnect window.
   */
  private async pause(streamKey: string, channel: LiveChannel): Promise<void> {
    const leftAt = this.deps.now();
    channel.leftAt = leftAt;
    if (channel.recording) noteGapStart(channel.recordingDir, leftAt);
    // A key gone, or a push refused before its live began (its codec: issue 37, item 1), has nothing to come back to.
    const noGrace = channel.keyGone || (channel.refused && !channel.sessionId);
    channel.offlineTimer = setTimeout(() => this.track(this.end(streamKey, channel)), noGrace ? 0 : RECONNECT_GRACE_MS);
    const stopping = this.stopJobs(streamKey, channel);
    if (!noGrace) await this.waitThroughMatch(streamKey, channel, leftAt);
    await stopping;
  }

  /**
   * During a match the short grace becomes the match's wait, read against the server's clock each second, and
   * the viewers are told the broadcaster reconnects. Nothing when the publisher came back, or the live ended,
   * while the match was looked up (the short grace keeps running meanwhile).
   */
  private async waitThroughMatch(streamKey: string, channel: LiveChannel, leftAt: number): Promise<void> {
    // Not known (the database did not answer): the short grace stays.
    const waitMs = await this.matchWaitMs(channel.username).catch((error: unknown) => {
      this.log(`[live] the match on ${channel.username}'s station not read: ${(error as Error).message}`);
      return undefined;
    });
    if (waitMs === undefined || this.live.get(streamKey) !== channel || channel.leftAt !== leftAt || channel.keyGone) return;
    clearTimeout(channel.offlineTimer);
    const until = leftAt + waitMs;
    channel.offlineTimer = setInterval(() => {
      if (this.deps.now() >= until) this.track(this.end(streamKey, channel));
    }, MATCH_WAIT_CHECK_MS);
    channel.waitsForMatch = true;
    channel.waitTold = this.tellWait(channel, until);
    await channel.waitTold;
  }

  /**
   * In the session's row first, then on the bus: a page that loads the stream after the event reads it from any node
   * (the stream answer's `reconnecting`), and one that reloads on the event finds the row already written.
   */
  private async tellWait(channel: LiveChannel, until: number | null): Promise<void> {
    await channel.opened;
    if (!channel.sessionId) return;
    await this.deps.db.updateTable("live_session").set({ reconnect_until: until }).where("id", "=", channel.sessionId).execute();
    const who = { channelId: channel.channelId, username: channel.username };
    if (until === null) this.deps.bus.emit("stream:resumed", who);
    else this.deps.bus.emit("stream:reconnecting", { ...who, until });
  }

  /** The publisher is back within the window: the wait ends, and the viewers told it reconnects are told it is back. */
  private resume(channel: LiveChannel): void {
    clearTimeout(channel.offlineTimer);
    channel.offlineTimer = undefined;
    channel.leftAt = undefined;
    if (channel.recording) noteGapEnd(channel.recordingDir, this.deps.now());
    if (!channel.waitsForMatch) return;
    channel.waitsForMatch = false;
    const told = channel.waitTold;
    this.track(
      (async () => {
        await told;
        await this.tellWait(channel, null);
      })(),
    );
  }

  private async end(streamKey: string, channel: LiveChannel): Promise<void> {
    if (this.live.get(streamKey) !== channel || !channel.offlineTimer) return;
    // A match's wait is an interval: it must not tick again.
    clearInterval(channel.offlineTimer);
    this.live.delete(streamKey);
    await channel.opened;
    await this.stopJobs(streamKey, channel);
    await channel.health?.stop();
    if (!channel.sessionId) return this.forgetUnopened(channel);
    await markOffline(this.deps, channel.channelId, channel.sessionId);
    rmSync(channel.hlsDir, { recursive: true, force: true });
    this.deps.bus.emit("stream:ended", { channelId: channel.channelId, username: channel.username });
    if (await ownsSession(this.deps, channel.sessionId)) await finaliseSessionReplay(this.deps, channel.sessionId, this.log);
  }

  /** A publish that never went live (refused for its codec): no session to end, and what its jobs wrote is nobody's. */
  private forgetUnopened(channel: LiveChannel): void {
    rmSync(channel.hlsDir, { recursive: true, force: true });
    rmSync(channel.recordingDir, { recursive: true, force: true });
  }

  /**
   * After a crash or restart nobody is publishing to this node: the lives it owned end, and their
   * recordings become replays. On SQLite Arena is one node, so that is every live; on PostgreSQL
   * only those with this node's NODE_URL: the other nodes' lives go on (and those of a node that
   * never comes back are taken over by the others, nodes.ts).
   */
  async recover(): Promise<void> {
    const wholeSite = dialectOf(this.deps.db) === "sqlite";
    for (const session of await this.openSessionsToEnd(wholeSite)) await markOffline(this.deps, session.channel_id, session.id);
    await this.clearStaleLiveFlags(wholeSite);
    for (const session of await this.sessionsWithoutReplay(wholeSite)) this.track(finaliseSessionReplay(this.deps, session.id, this.log));
    const liveRoot = join(this.deps.config.dataDir, "live");
    if (existsSync(liveRoot)) rmSync(liveRoot, { recursive: true, force: true });
  }

  private openSessionsToEnd(wholeSite: boolean) {
    const open = this.deps.db.selectFrom("live_session").select(["id", "channel_id"]).where("ended_at", "is", null);
    return (wholeSite ? open : open.where("node_url", "=", this.deps.config.nodeUrl)).execute();
  }

  /** A flag left by a stop between a session's end and its channel's: every flag on one node, only those of ended sessions on several. */
  private async clearStaleLiveFlags(wholeSite: boolean): Promise<void> {
    await this.deps.db
      .updateTable("channel")
      .set({ is_live: 0, live_session_id: null })
      .where("is_live", "=", 1)
      .$if(!wholeSite, (update) =>
        update.where((eb) => eb.or([eb("live_session_id", "is", null), eb("live_session_id", "in", eb.selectFrom("live_session").select("id").where("ended_at", "is not", null))])),
      )
      .execute();
  }

  private sessionsWithoutReplay(wholeSite: boolean) {
    if (!wholeSite) return this.deps.db.selectFrom("live_session").select("id").where("node_url", "=", this.deps.config.nodeUrl).where("finalised_at", "is", null).execute();
    return (
      this.deps.db
        .selectFrom("live_session")
        // A session's own replay, not the match replays cut from it (issue 18).
        .leftJoin("replay", (join) => join.onRef("replay.live_session_id", "=", "live_session.id").on("replay.match_id", "is", null))
        .select("live_session.id")
        .where((eb) => eb.or([eb("replay.id", "is", null), eb("replay.status", "=", "processing")]))
        .execute()
    );
  }

  /**
   * Shutdown: every job is stopped cleanly so recordings stay playable, and every live ends now (a
   * stopped server takes no publisher back): nobody sees a channel "live" while Arena is down. The
   * next start turns the recordings into replays (recover), or on a site of several nodes, another
   * node as soon as this one has left (nodes.ts).
   */
  async stop(): Promise<void> {
    clearInterval(this.roomTimer);
    for (const [streamKey, channel] of this.live) {
      clearTimeout(channel.offlineTimer);
      await this.stopJobs(streamKey, channel);
      await channel.opened;
      await channel.health?.stop();
      if (!channel.sessionId) continue;
      await markOffline(this.deps, channel.channelId, channel.sessionId);
      this.deps.bus.emit("stream:ended", { channelId: channel.channelId, username: channel.username });
    }
    this.live.clear();
    await this.settled();
  }
}
