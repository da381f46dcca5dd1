/**
 * Stream health (issue 37): what a publisher really sends, measured from the packets node-media-server hands its
 * broadcast, not from what the encoder claims in its metadata (OBS's onMetaData can be wrong). The meter runs for
 * every packet of every live: counters only, no allocation per packet.
 */

/** A node-media-server AVPacket, as much of it as the meter reads. */
export interface MeteredPacket {
  /** 8 audio, 9 video, 18 script data. */
  codec_type: number;
  /** 0 audio header, 1 audio frame, 2 video header, 3 keyframe, 4 video frame, 5 metadata. */
  flags: number;
  codec_id: number;
  dts: number;
  size: number;
  data: Buffer;
}

/** FLV's H.264 codec id, and its AVCPacketType (the tag's second byte) for "end of sequence". */
const FLV_CODEC_H264 = 7;
const AVC_END_OF_SEQUENCE = 2;

/** An H.264 end-of-sequence tag (node-media-server calls it a keyframe: it only reads the frame type). */
function isEndOfSequence(packet: MeteredPacket): boolean {
  return packet.codec_id === FLV_CODEC_H264 && packet.data[1] === AVC_END_OF_SEQUENCE;
}

/** The figures of one measuring window (MeasuredWindow), then reset for the next. */
export interface HealthSample {
  videoCodec: string | null;
  audioCodec: string | null;
  audioSampleRate: number | null;
  /** Frames a second over the window, from the frames' timestamps; null: no video in it. */
  fps: number | null;
  videoKbps: number;
  audioKbps: number;
  /** Mean of the last keyframe intervals measured (up to KEYFRAME_INTERVALS_KEPT); null until two keyframes came. */
  keyframeIntervalMs: number | null;
  /** Audio frames arrived in the window. */
  audioFrames: number;
}

const KEYFRAME_INTERVALS_KEPT = 4;

// FLV codec ids (legacy header) and enhanced RTMP FourCCs as node-media-server gives them (readUint32BE of the FourCC).
const fourCC = (text: string) => Buffer.from(text).readUInt32BE();
const VIDEO_CODECS = new Map<number, string>([
  [7, "H.264"],
  [12, "HEVC"],
  [fourCC("hvc1"), "HEVC"],
  [fourCC("av01"), "AV1"],
  [fourCC("vp09"), "VP9"],
]);
const AUDIO_CODECS = new Map<number, string>([
  [10, "AAC"],
  [2, "MP3"],
  [fourCC("Opus"), "Opus"],
]);
/** The codecs a publish may not use: Debian's ffmpeg 5.1 cannot read them from enhanced RTMP, so no HLS, no recording would come. */
export const UNREADABLE_VIDEO_CODECS = new Set(["HEVC", "AV1", "VP9"]);

/** The codec a metadata's videocodecid names (a number: FLV codec id or FourCC; OBS may send the FourCC as text). */
export function videoCodecNamed(id: unknown): string | null {
  if (typeof id === "number") return VIDEO_CODECS.get(id) ?? null;
  if (typeof id === "string" && id.length === 4) return VIDEO_CODECS.get(fourCC(id)) ?? null;
  return null;
}

// AAC's sampling frequency index (ISO 14496-3) → Hz.
const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

export class StreamHealthMeter {
  videoCodec: string | null = null;
  audioCodec: string | null = null;
  audioSampleRate: number | null = null;
  private videoBytes = 0;
  private audioBytes = 0;
  private frames = 0;
  private audioFrames = 0;
  // The window spans from the last frame of the previous one to its own last frame (video timestamps, ms).
  private windowStartDts = -1;
  private windowEndDts = -1;
  private lastKeyframeDts = -1;
  private readonly keyframeIntervals = new Float64Array(KEYFRAME_INTERVALS_KEPT);
  private keyframeIntervalCount = 0;

  onPacket(packet: MeteredPacket): void {
    switch (packet.flags) {
      case 0:
        this.onAudioHeader(packet);
        return;
      case 1:
        this.audioBytes += packet.size;
        this.audioFrames++;
        return;
      case 2:
        this.videoCodec = VIDEO_CODECS.get(packet.codec_id) ?? `0x${packet.codec_id.toString(16)}`;
        return;
      case 3:
        // ffmpeg ends an H.264 publish with an "end of sequence" tag flagged as a keyframe: no picture, and no interval.
        if (isEndOfSequence(packet)) return;
        this.onKeyframe(packet.dts);
        this.onVideoFrame(packet);
        return;
      case 4:
        this.onVideoFrame(packet);
        return;
    }
  }

  private onAudioHeader(packet: MeteredPacket): void {
    this.audioCodec = AUDIO_CODECS.get(packet.codec_id) ?? null;
    // AAC: [sound format, packet type, AudioSpecificConfig…]: 5 bits of object type, then 4 of frequency index.
    if (packet.codec_id === 10 && packet.data.length >= 4) this.audioSampleRate = AAC_RATES[((packet.data[2]! & 0x07) << 1) | (packet.data[3]! >> 7)] ?? null;
  }

  private onKeyframe(dts: number): void {
    if (this.lastKeyframeDts >= 0 && dts > this.lastKeyframeDts) {
      this.keyframeIntervals[this.keyframeIntervalCount % KEYFRAME_INTERVALS_KEPT] = dts - this.lastKeyframeDts;
      this.keyframeIntervalCount++;
    }
    this.lastKeyframeDts = dts;
  }

  private onVideoFrame(packet: MeteredPacket): void {
    if (this.windowStartDts < 0) {
      this.windowStartDts = packet.dts;
      this.windowEndDts = packet.dts;
      return;
    }
    this.frames++;
    this.videoBytes += packet.size;
    this.windowEndDts = packet.dts;
  }

  /** The window's figures; the next window starts at its last frame. */
  sample(): HealthSample {
    const spanMs = this.windowEndDts - this.windowStartDts;
    const kbps = (bytes: number) => (spanMs > 0 ? Math.round((bytes * 8) / spanMs) : 0);
    const kept = Math.min(this.keyframeIntervalCount, KEYFRAME_INTERVALS_KEPT);
    let intervals = 0;
    for (let i = 0; i < kept; i++) intervals += this.keyframeIntervals[i]!;
    const sample: HealthSample = {
      videoCodec: this.videoCodec,
      audioCodec: this.audioCodec,
      audioSampleRate: this.audioSampleRate,
      fps: spanMs > 0 && this.frames > 0 ? (this.frames * 1000) / spanMs : null,
      videoKbps: kbps(this.videoBytes),
      audioKbps: kbps(this.audioBytes),
      keyframeIntervalMs: kept > 0 ? Math.round(intervals / kept) : null,
      audioFrames: this.audioFrames,
    };
    this.frames = 0;
    this.videoBytes = 0;
    this.audioBytes = 0;
    this.audioFrames = 0;
    if (this.windowEndDts >= 0) this.windowStartDts = this.windowEndDts;
    return sample;
  }
}
