import { RTCPeerConnection, RTCRtpCodecParameters } from "werift";

/** Where this node's WebRTC sessions (WHIP publishers, WHEP viewers) take their UDP ports and which addresses they announce. */
export interface WebRtcNetwork {
  udpPorts: [number, number];
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

/** A peer connection that speaks H.264 and Opus, on this node's UDP ports and addresses. */
export function newPeer(network: WebRtcNetwork): RTCPeerConnection {
  return new RTCPeerConnection({
    codecs: { video: H264_CODECS, audio: [OPUS] },
    // werift's default asks Google's STUN server: Arena calls nothing outside (a LAN party has no uplink), and the
    // other side reaches the addresses announced below directly.
    iceServers: [],
    icePortRange: network.udpPorts,
    iceAdditionalHostAddresses: ["127.0.0.1", ...network.addresses],
    iceUseIpv6: false,
  });
}

/** Whether a transceiver negotiated a codec of this MIME type (e.g. "video/h264"). */
export function negotiates(transceiver: { codecs: { mimeType: string }[] }, mimeType: string): boolean {
  return transceiver.codecs.some((codec) => codec.mimeType.toLowerCase() === mimeType);
}
