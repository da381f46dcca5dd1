import { createSocket, type Socket } from "node:dgram";
import { bindUdpPair } from "../webrtc/udp.ts";
import { type FfmpegJob, startFfmpegJob } from "../../media/ffmpeg-job.ts";

/** The codecs a WHIP session negotiated, by their payload types in the RTP it receives. */
interface NegotiatedCodecs {
  videoPayloadType: number;
  /** Undefined: the publisher sends no sound (a screen shared without its audio). */
  audioPayloadType?: number;
}

/** Where a WHIP session's decrypted RTP goes: an ffmpeg that makes it an ordinary RTMP publish. */
export interface RtpBridge {
  sendVideo(packet: Buffer): void;
  sendAudio(packet: Buffer): void;
  stop(): Promise<void>;
}

/**
 * Turns a WHIP publish into an RTMP publish on this node's own ingest: ffmpeg reads the RTP on loopback UDP (as
 * described by an SDP on its stdin), keeps the H.264 as it is, makes the Opus AAC (FLV carries no Opus), and pushes
 * FLV to node-media-server. Everything after (HLS, HTTP-FLV, recording, replays, restricted lives) is then unchanged.
 */
export async function startRtpBridge(codecs: NegotiatedCodecs, rtmpUrl: string, log: (line: string) => void, onExit: () => void): Promise<RtpBridge> {
  const videoPort = await freeRtpPortPair();
  const audioPort = codecs.audioPayloadType === undefined ? undefined : await freeRtpPortPair(videoPort);
  const sdp = rtpSessionDescription(codecs, videoPort, audioPort);
  const socket: Socket = createSocket("udp4");
  const job: FfmpegJob = startFfmpegJob({
    name: "WHIP bridge",
    log,
    args: [
      "-protocol_whitelist",
      "pipe,udp,rtp",
      "-f",
      "sdp",
      // Loopback does not reorder, but a publisher's retransmissions (NACK) arrive late: keep room to put them back.
      "-reorder_queue_size",
      "1000",
      "-i",
      "pipe:0",
      "-map",
      "0:v",
      ...(audioPort === undefined ? [] : ["-map", "0:a", "-c:a", "aac", "-b:a", "128k"]),
      "-c:v",
      "copy",
      "-f",
      "flv",
      rtmpUrl,
    ],
    feed: (stdin) => {
      stdin.write(new TextEncoder().encode(sdp));
      stdin.flush();
      stdin.end();
      return () => undefined;
    },
    redact: (text) => text.replaceAll(rtmpUrl, "rtmp://…"),
    onExit,
  });
  const send = (port: number | undefined) => (packet: Buffer) => {
    if (port !== undefined) socket.send(packet, port, "127.0.0.1");
  };
  return {
    sendVideo: send(videoPort),
    sendAudio: send(audioPort),
    async stop() {
      // SIGINT: ffmpeg closes the FLV cleanly, so the media server sees the publisher leave at once.
      await job.stop();
      socket.close();
    },
  };
}

/** The SDP ffmpeg reads the RTP with: no SPS/PPS in it, ffmpeg finds them before each keyframe (the session asks for keyframes). */
function rtpSessionDescription(codecs: NegotiatedCodecs, videoPort: number, audioPort: number | undefined): string {
  const lines = ["v=0", "o=- 0 0 IN IP4 127.0.0.1", "s=WHIP", "c=IN IP4 127.0.0.1", "t=0 0"];
  lines.push(`m=video ${videoPort} RTP/AVP ${codecs.videoPayloadType}`, `a=rtpmap:${codecs.videoPayloadType} H264/90000`, `a=fmtp:${codecs.videoPayloadType} packetization-mode=1`);
  if (audioPort !== undefined && codecs.audioPayloadType !== undefined) lines.push(`m=audio ${audioPort} RTP/AVP ${codecs.audioPayloadType}`, `a=rtpmap:${codecs.audioPayloadType} opus/48000/2`);
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * An even UDP port whose next one is free too (ffmpeg listens for RTCP on port + 1), found by binding both and
 * letting them go: another process could take them in between, then ffmpeg fails and the session ends.
 */
async function freeRtpPortPair(avoid?: number): Promise<number> {
  const pair = await bindUdpPair(avoid);
  const port = pair[0].address().port;
  for (const socket of pair) socket.close();
  return port;
}
