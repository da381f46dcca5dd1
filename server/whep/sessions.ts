import { randomUUID } from "node:crypto";
import type { RTCPeerConnection, RTCRtpTransceiver } from "werift";
import type { WhepControl } from "../http/context.ts";
import { negotiates, newPeer, takeSession, type WebRtcNetwork } from "../webrtc/peer.ts";
import { type LiveMedia, LiveRtp } from "./live-rtp.ts";

/** A viewer who answered but never connected (its UDP blocked) is let go after this: the player then falls back. */
const CONNECT_TIMEOUT_MS = 15_000;
/**
 * A viewer's browser reports what it receives about every second (RTCP). A closed tab or a phone gone out of reach
 * says nothing: its place is given back after this long without a report, not after ICE's 30 s consent expiry.
 */
const SILENCE_LIMIT_MS = 6000;
/** How often a restricted live's real-time viewer is checked again (a refunded ticket stops the picture), as HTTP-FLV's are. */
const RECHECK_MS = 5000;
/** A live's source outlives its last viewer this long: a page reloaded, a player retrying, find it running. */
const SOURCE_LINGER_MS = 10_000;

interface WhepSettings extends WebRtcNetwork {
  media: LiveMedia;
  log: (line: string) => void;
}

interface WhepSession {
  id: string;
  streamKey: string;
  peer: RTCPeerConnection;
  leave?: () => void;
  timers: Timer[];
  ended: boolean;
}

/** The viewer's offer cannot receive the live (unreadable, or no H.264 it can decode). */
export class UnplayableOfferError extends Error {}

/** The live is not published on this node (it ended, or another node ingests it). */
export class NotLiveHereError extends Error {}

/**
 * The WHEP viewers of this node (RFC 9725's sibling, draft-ietf-wish-whep): each an RTCPeerConnection that sends one
 * live's RTP, which one ffmpeg per live makes from the media server (live-rtp.ts).
 */
export class WhepEgress implements WhepControl {
  private readonly sessions = new Map<string, WhepSession>();
  private readonly sources = new Map<string, Promise<LiveRtp | undefined>>();
  private readonly lingering = new Map<string, Timer>();

  constructor(private readonly settings: WhepSettings) {}

  /** How many watch this stream key in real time on this node (the cap counts them). */
  viewersOf(streamKey: string): number {
    return [...this.sessions.values()].filter((session) => session.streamKey === streamKey).length;
  }

  /** Answers a viewer's offer; the live's picture flows from its next keyframe once ICE and DTLS connect. */
  async watch(streamKey: string, offer: string, mayStillWatch?: () => Promise<boolean>): Promise<{ id: string; answer: string }> {
    const peer = newPeer(this.settings);
    const session: WhepSession = { id: randomUUID(), streamKey, peer, timers: [], ended: false };
    const refuse = async (error: Error) => {
      await peer.close();
      return Promise.reject(error);
    };
    try {
      await peer.setRemoteDescription({ type: "offer", sdp: offer });
    } catch (error) {
      return refuse(new UnplayableOfferError((error as Error).message));
    }
    const video = peer.getTransceivers().find((transceiver) => transceiver.kind === "video" && negotiates(transceiver, "video/h264"));
    if (!video) return refuse(new UnplayableOfferError("no H.264 video the viewer can receive"));
    const audio = peer.getTransceivers().find((transceiver) => transceiver.kind === "audio" && negotiates(transceiver, "audio/opus"));
    for (const transceiver of [video, audio]) transceiver?.setDirection("sendonly");
    const source = await this.sourceOf(streamKey);
    if (!source) return refuse(new NotLiveHereError());
    await peer.setLocalDescription(await peer.createAnswer());
    this.sessions.set(session.id, session);
    this.keepSource(streamKey);
    session.leave = source.add(senders(video, audio));
    session.timers.push(setTimeout(() => peer.connectionState !== "connected" && void this.end(session.id), CONNECT_TIMEOUT_MS));
    let lastReportAt = Date.now();
    for (const transceiver of [video, audio]) transceiver?.sender.onRtcp.subscribe(() => (lastReportAt = Date.now()));
    session.timers.push(
      setInterval(() => {
        if (peer.connectionState === "connected" && Date.now() - lastReportAt > SILENCE_LIMIT_MS) void this.end(session.id);
      }, 1000),
    );
    if (mayStillWatch) {
      const recheck = async () => {
        if (!(await mayStillWatch().catch(() => true))) await this.end(session.id);
      };
      session.timers.push(setInterval(() => void recheck(), RECHECK_MS));
    }
    peer.connectionStateChange.subscribe((state) => {
      if (state === "connected") lastReportAt = Date.now();
      if (state === "failed" || state === "closed" || state === "disconnected") void this.end(session.id);
    });
    return { id: session.id, answer: peer.localDescription?.sdp ?? "" };
  }

  /** Whether a session of this id watches this stream key (its DELETE names both). */
  watches(id: string, streamKey: string): boolean {
    return this.sessions.get(id)?.streamKey === streamKey;
  }

  /** Stops one viewer, or every viewer of a stream key (its live may no longer be watched by them). */
  async end(id: string): Promise<void> {
    const session = takeSession(this.sessions, id);
    if (!session) return;
    session.leave?.();
    await session.peer.close();
    if (this.viewersOf(session.streamKey) === 0) this.letSourceGo(session.streamKey);
  }

  /** The ids of a stream key's viewers on this node. */
  sessionsOf(streamKey: string): string[] {
    return [...this.sessions.values()].filter((session) => session.streamKey === streamKey).map((session) => session.id);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id)));
    for (const timer of this.lingering.values()) clearTimeout(timer);
    this.lingering.clear();
    await Promise.all([...this.sources.values()].map(async (source) => (await source)?.close()));
  }

  private sourceOf(streamKey: string): Promise<LiveRtp | undefined> {
    let source = this.sources.get(streamKey);
    if (!source) {
      const opening: Promise<LiveRtp | undefined> = LiveRtp.open(streamKey, this.settings.media, this.settings.log, () => this.sourceEnded(streamKey, opening));
      source = opening;
      this.sources.set(streamKey, source);
      // Not published here: the next viewer asks again (the live may start meanwhile).
      void source.then((opened) => opened || this.sources.delete(streamKey));
    }
    return source;
  }

  /** The live ended (or its ffmpeg failed): its viewers go, and the next one starts a new source. */
  private sourceEnded(streamKey: string, source: Promise<LiveRtp | undefined>): void {
    // A source let go after its last viewer ends too, after a newer one may have taken its place.
    if (this.sources.get(streamKey) !== source) return;
    this.sources.delete(streamKey);
    clearTimeout(this.lingering.get(streamKey));
    this.lingering.delete(streamKey);
    for (const id of this.sessionsOf(streamKey)) void this.end(id);
  }

  private keepSource(streamKey: string): void {
    clearTimeout(this.lingering.get(streamKey));
    this.lingering.delete(streamKey);
  }

  private letSourceGo(streamKey: string): void {
    this.lingering.set(
      streamKey,
      setTimeout(() => {
        this.lingering.delete(streamKey);
        const source = this.sources.get(streamKey);
        this.sources.delete(streamKey);
        void source?.then((opened) => opened?.close());
      }, SOURCE_LINGER_MS),
    );
  }
}

function senders(video: RTCRtpTransceiver, audio: RTCRtpTransceiver | undefined) {
  return {
    sendVideo: (packet: Parameters<RTCRtpTransceiver["sender"]["sendRtp"]>[0]) => void video.sender.sendRtp(packet).catch(() => undefined),
    sendAudio: (packet: Parameters<RTCRtpTransceiver["sender"]["sendRtp"]>[0]) => void audio?.sender.sendRtp(packet).catch(() => undefined),
  };
}
