import type { Socket } from "node:dgram";
import { RtpPacket } from "werift";
import type { FlvReader, MediaServer } from "../../media/media-server.ts";
import { type FfmpegJob, type StdinWriter, startFfmpegJob } from "../../media/ffmpeg-job.ts";
import { bindUdpPair } from "../webrtc/udp.ts";

/** What a live's RTP is made from: the media server of this node. */
export type LiveMedia = Pick<MediaServer, "readFlv" | "publisherInfo">;

/** Where one live's RTP goes: a WHEP viewer's two senders. */
interface RtpViewer {
  sendVideo(packet: RtpPacket): void;
  sendAudio(packet: RtpPacket): void;
}

/**
 * The media server hands a new reader the live's last group of pictures at once: it reaches ffmpeg, and then the
 * viewers, in the source's first moments. A viewer started on it would play that far behind for good (WebRTC does
 * not catch up), so viewers start on a keyframe that comes after.
 */
const BURST_MS = 300;

// Below the 1,200 bytes a WebRTC packet may take once SRTP and the header extensions werift adds are counted.
const RTP_PAYLOAD_BYTES = 1100;

interface Subscriber {
  viewer: RtpViewer;
  /** From a keyframe on; before it, a decoder has nothing to start from. */
  started: boolean;
}

/**
 * One live as RTP for its WHEP viewers: an ffmpeg reads the live's FLV inside this process (no socket, no
 * signature), keeps its H.264 as it is (SPS and PPS repeated before each keyframe, where a viewer joins), makes its
 * AAC Opus (WebRTC has no AAC), and sends both to loopback sockets whose packets go to every viewer. One ffmpeg per
 * live, however many watch it.
 */
export class LiveRtp {
  private readonly subscribers = new Set<Subscriber>();
  private job?: FfmpegJob;
  private sockets: Socket[] = [];
  private firstPacketAt?: number;
  private ended = false;

  private constructor(private readonly onEnd: () => void) {}

  /** Starts reading a live; undefined when it is not published on this node. */
  static async open(streamKey: string, media: LiveMedia, log: (line: string) => void, onEnd: () => void): Promise<LiveRtp | undefined> {
    const info = media.publisherInfo(streamKey);
    if (!info) return undefined;
    const source = new LiveRtp(onEnd);
    const [video, videoRtcp] = await bindUdpPair();
    const [audio, audioRtcp] = await bindUdpPair(video.address().port);
    source.sockets = [video, videoRtcp, audio, audioRtcp];
    video.on("message", (packet) => source.deliver(packet, "video"));
    audio.on("message", (packet) => source.deliver(packet, "audio"));
    let reading = true;
    source.job = startFfmpegJob({
      name: "WHEP source",
      log,
      // A live without sound (a screen shared without its audio) has no Opus output: ffmpeg refuses an empty one.
      args: rtpArgs(video.address().port, info.audioCodec === undefined ? undefined : audio.address().port),
      feed: (stdin) => {
        const stop = media.readFlv(streamKey, realtimeReader(stdin));
        if (!stop) {
          reading = false;
          stdin.end();
        }
        return stop ?? (() => undefined);
      },
      // The live ended (its reader closed, ffmpeg finished) or ffmpeg failed: its viewers are let go.
      onExit: () => void source.close(),
    });
    if (reading) return source;
    await source.close();
    return undefined;
  }

  get viewers(): number {
    return this.subscribers.size;
  }

  add(viewer: RtpViewer): () => void {
    const subscriber = { viewer, started: false };
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  async close(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.job?.stop();
    for (const socket of this.sockets) socket.close();
    this.onEnd();
  }

  private deliver(data: Buffer, kind: "video" | "audio"): void {
    const packet = RtpPacket.deSerialize(data);
    const now = performance.now();
    this.firstPacketAt ??= now;
    const pastBurst = now - this.firstPacketAt >= BURST_MS;
    for (const subscriber of this.subscribers) {
      if (kind === "audio") {
        // Sound starts with the picture: before it, it would be the burst's, seconds old.
        if (subscriber.started) subscriber.viewer.sendAudio(packet);
        continue;
      }
      if (!subscriber.started && pastBurst && startsKeyframe(packet.payload)) subscriber.started = true;
      if (subscriber.started) subscriber.viewer.sendVideo(packet);
    }
  }
}

/** The live into ffmpeg's stdin tag by tag: here every millisecond counts, and a viewer's delay starts here. */
function realtimeReader(stdin: StdinWriter): FlvReader {
  return {
    for: "ffmpeg",
    write(chunk) {
      stdin.write(chunk);
      stdin.flush();
    },
    end: () => stdin.end(),
  };
}

function rtpArgs(videoPort: number, audioPort: number | undefined): string[] {
  const rtp = (port: number) => `rtp://127.0.0.1:${port}?pkt_size=${RTP_PAYLOAD_BYTES}`;
  const video = [
    "-fflags",
    "nobuffer",
    "-flags",
    "low_delay",
    "-f",
    "flv",
    "-i",
    "pipe:0",
    "-map",
    "0:v:0",
    "-c:v",
    "copy",
    // FLV keeps SPS and PPS apart from the frames; a WebRTC decoder needs them in the stream, before each keyframe.
    "-bsf:v",
    "h264_mp4toannexb",
    "-f",
    "rtp",
    rtp(videoPort),
  ];
  if (audioPort === undefined) return video;
  return [...video, "-map", "0:a:0", "-c:a", "libopus", "-ar", "48000", "-ac", "2", "-b:a", "96k", "-application", "lowdelay", "-f", "rtp", rtp(audioPort)];
}

/** Whether an H.264 RTP payload (RFC 6184) opens a keyframe: an SPS, alone or first in an aggregate (STAP-A). */
export function startsKeyframe(payload: Buffer): boolean {
  const type = (payload[0] ?? 0) & 0x1f;
  if (type === 7) return true;
  return type === 24 && ((payload[3] ?? 0) & 0x1f) === 7;
}
