import { RTCPeerConnection, RTCRtpCodecParameters } from "werift";
import { UdpMux } from "./udp-mux.ts";
import { registerMux, unregisterMux } from "./werift-seam.ts";

/** The one UDP port this node's WebRTC sessions (WHIP publishers, WHEP viewers) share, and which addresses they announce. */
export interface WebRtcNetwork {
  mux: UdpMux;
  /** Announced beside the machine's own addresses (werift lists every interface but loopback). */
  addresses: string[];
}

/** H.264 profiles Arena takes and sends (constrained baseline, baseline, main, high): always as they are, never transcoded. */
const H264_PROFILES = ["42e01f", "42001f", "4d001f", "640c1f", "64001f"];

const H264_CODECS = H264_PROFILES.map(
  (profile) =>
    new RTCRtpCodecParameters({
      mimeType: "video/H264",
      clockRate: 90000,
      rtcpFeedback: [{ type: "nack" }, { type: "nack", parameter: "pli" }],
      parameters: `level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=${profile}`,
    }),
);

const OPUS = new RTCRtpCodecParameters({ mimeType: "audio/opus", clockRate: 48000, channels: 2 });

/** Opens the node's shared WebRTC port (0: any free one); every peer from `newPeer` then sends and receives through it. */
export async function openWebRtcPort(port: number, log: (line: string) => void): Promise<UdpMux> {
  const mux = await UdpMux.open(port, log).catch((error: unknown) => {
    throw new Error(`WEBRTC_UDP_PORT ${port} cannot be opened: ${(error as Error).message}`);
  });
  try {
    registerMux(mux);
  } catch (error) {
    // A werift that moved the seam: the start fails, leaving the port free.
    await mux.close();
    throw error;
  }
  return mux;
}

/** Closes the shared port once its sessions ended. */
export async function closeWebRtcPort(mux: UdpMux): Promise<void> {
  unregisterMux(mux);
  await mux.close();
}

/** A peer connection that speaks H.264 and Opus, on this node's shared UDP port and addresses. */
export function newPeer(network: WebRtcNetwork): RTCPeerConnection {
  return new RTCPeerConnection({
    codecs: { video: H264_CODECS, audio: [OPUS] },
    // werift's default asks Google's STUN server: Arena calls nothing outside (a LAN party has no uplink), and the
    // other side reaches the addresses announced below directly.
    iceServers: [],
    // A range that starts on the mux's port is what makes werift's ICE use the shared socket (werift-seam.ts); werift
    // refuses a range of one port, and never binds this one.
    icePortRange: [network.mux.port, network.mux.port + 1],
    iceAdditionalHostAddresses: ["127.0.0.1", ...network.addresses],
    iceUseIpv6: false,
  });
}

/** Whether a transceiver negotiated a codec of this MIME type (e.g. "video/h264"). */
export function negotiates(transceiver: { codecs: { mimeType: string }[] }, mimeType: string): boolean {
  return transceiver.codecs.some((codec) => codec.mimeType.toLowerCase() === mimeType);
}

/** What a node keeps of each WebRTC session: whether it ended, and its timers. */
interface TimedSession {
  ended: boolean;
  timers: Timer[];
}

/** Takes a session out of its node's table to end it, once: its timers stop; undefined when it is gone already. */
export function takeSession<T extends TimedSession>(sessions: Map<string, T>, id: string): T | undefined {
  const session = sessions.get(id);
  if (!session || session.ended) return undefined;
  session.ended = true;
  sessions.delete(id);
  for (const timer of session.timers) clearTimeout(timer);
  return session;
}
