import { randomUUID } from "node:crypto";
import type { MediaStreamTrack, RTCPeerConnection, RTCRtpTransceiver } from "werift";
import { negotiates, newPeer, takeSession, type WebRtcNetwork } from "../webrtc/peer.ts";
import type { WhipControl } from "../http/context.ts";
import { type RtpBridge, startRtpBridge } from "./rtp-bridge.ts";

/** How often the publisher is asked for a keyframe: WebRTC encoders send one only when asked, and HLS cuts its segments on keyframes. */
const KEYFRAME_EVERY_MS = 2000;
/** A publisher gone without DELETE (a closed tab, a phone out of reach): its session ends after this long without media. */
const SILENCE_LIMIT_MS = 10_000;
/** A publisher that answered but never connected (its UDP blocked) is let go after this. */
const CONNECT_TIMEOUT_MS = 20_000;

interface WhipSettings extends WebRtcNetwork {
  /** The RTMP address of this node's own ingest for a stream key. */
  rtmpUrl: (streamKey: string) => string;
  /** Told before a bridge publishes a key: its live came over WHIP (the streamer's health panel says so). */
  beforeBridge?: (streamKey: string) => void;
  log: (line: string) => void;
}

interface WhipSession {
  id: string;
  streamKey: string;
  peer: RTCPeerConnection;
  bridge?: RtpBridge;
  timers: Timer[];
  ended: boolean;
}

/** The SDP offer was not one a live can come from (unreadable, or without H.264 video). */
export class UnusableOfferError extends Error {}

/** The WHIP publishers of this node, each an RTCPeerConnection whose RTP an ffmpeg turns into an RTMP publish. */
export class WhipIngest implements WhipControl {
  private readonly sessions = new Map<string, WhipSession>();

  constructor(private readonly settings: WhipSettings) {}

  /** Answers a publisher's offer; its media becomes the stream key's live once ICE and DTLS connect. */
  async publish(streamKey: string, offer: string): Promise<{ id: string; answer: string }> {
    const peer = newPeer(this.settings);
    const session: WhipSession = { id: randomUUID(), streamKey, peer, timers: [], ended: false };
    try {
      await peer.setRemoteDescription({ type: "offer", sdp: offer });
    } catch (error) {
      await peer.close();
      throw new UnusableOfferError((error as Error).message);
    }
    const video = peer.getTransceivers().find((transceiver) => transceiver.kind === "video" && negotiates(transceiver, "video/h264"));
    if (!video) {
      await peer.close();
      throw new UnusableOfferError("no H.264 video in the offer");
    }
    const audio = peer.getTransceivers().find((transceiver) => transceiver.kind === "audio" && negotiates(transceiver, "audio/opus"));
    await peer.setLocalDescription(await peer.createAnswer());
    this.sessions.set(session.id, session);
    session.timers.push(setTimeout(() => peer.connectionState !== "connected" && void this.end(session.id), CONNECT_TIMEOUT_MS));
    peer.connectionStateChange.subscribe((state) => {
      if (state === "failed" || state === "closed") void this.end(session.id);
    });
    void this.bridgeWhenTracksArrive(session, video, audio).catch((error: unknown) => {
      this.settings.log(`[whip] session ${session.id} not bridged: ${(error as Error).message}`);
      void this.end(session.id);
    });
    return { id: session.id, answer: peer.localDescription?.sdp ?? "" };
  }

  /** Whether this stream key publishes through WHIP on this node right now. */
  isPublishing(streamKey: string): boolean {
    return [...this.sessions.values()].some((session) => session.streamKey === streamKey);
  }

  streamKeyOf(id: string): string | undefined {
    return this.sessions.get(id)?.streamKey;
  }

  /** Ends a session: ffmpeg closes its RTMP publish (the live pauses, then ends after the usual grace) and the peer hangs up. */
  async end(id: string): Promise<void> {
    const session = takeSession(this.sessions, id);
    if (!session) return;
    await session.bridge?.stop();
    await session.peer.close();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id)));
  }

  private async bridgeWhenTracksArrive(session: WhipSession, video: RTCRtpTransceiver, audio: RTCRtpTransceiver | undefined): Promise<void> {
    const [videoTrack, audioTrack] = await Promise.all([firstTrack(video), audio ? firstTrack(audio) : undefined]);
    if (session.ended) return;
    const videoPayloadType = videoTrack.codec?.payloadType;
    if (videoPayloadType === undefined) throw new Error("no H.264 payload type negotiated");
    this.settings.beforeBridge?.(session.streamKey);
    const bridge = await startRtpBridge(
      { videoPayloadType, audioPayloadType: audioTrack?.codec?.payloadType },
      this.settings.rtmpUrl(session.streamKey),
      this.settings.log,
      () => void this.end(session.id),
    );
    if (session.ended) {
      await bridge.stop();
      return;
    }
    session.bridge = bridge;
    let lastVideoAt = Date.now();
    videoTrack.onReceiveRtp.subscribe((packet) => {
      lastVideoAt = Date.now();
      bridge.sendVideo(packet.serialize());
    });
    audioTrack?.onReceiveRtp.subscribe((packet) => bridge.sendAudio(packet.serialize()));
    const askForKeyframe = () => {
      if (videoTrack.ssrc !== undefined) void video.receiver.sendRtcpPLI(videoTrack.ssrc).catch(() => undefined);
    };
    askForKeyframe();
    session.timers.push(
      setInterval(() => {
        // ffmpeg waits on UDP for ever, and ICE may never say "failed": silence is what tells a publisher is gone.
        if (Date.now() - lastVideoAt > SILENCE_LIMIT_MS) void this.end(session.id);
        else askForKeyframe();
      }, KEYFRAME_EVERY_MS),
    );
    this.settings.log(`[whip] session ${session.id} bridged to RTMP ingest`);
  }
}

function firstTrack(transceiver: RTCRtpTransceiver): Promise<MediaStreamTrack> {
  // Not `receiver.track`: before the first track, werift answers with a placeholder that never receives RTP.
  const track = transceiver.receiver.tracks[0];
  if (track) return Promise.resolve(track);
  return new Promise((resolve) => transceiver.onTrack.once((received) => resolve(received)));
}
