import { createHash } from "node:crypto";
import { type FfmpegJob, startFfmpegJob } from "./ffmpeg-job.ts";

// SRT ingest (issue 37, item 4), first part: Debian's ffmpeg 5.1 has libsrt, whose listener takes one caller and
// does not tell who called (no stream id check): the caller is recognised by the channel's passphrase, which
// encrypts the stream (AES-256), and the listener passes the stream on, copied, to the node's own RTMP ingest under
// the channel's stream key. Everything after (the live, HLS, recording, the match's wait) is the RTMP path's.

/** A channel's SRT passphrase: made from its stream key (a new key, a new passphrase), 32 hex characters (SRT takes 10 to 79). */
function srtPassphraseOf(streamKey: string): string {
  return createHash("sha256").update(`arena-srt:${streamKey}`).digest("hex").slice(0, 32);
}

/** What OBS or an encoder is given: `srt://host:port?passphrase=…&pbkeylen=32`, mode caller (SRT's default). */
export function srtCallerUrl(host: string, port: number, streamKey: string): string {
  return `srt://${host}:${port}?passphrase=${srtPassphraseOf(streamKey)}&pbkeylen=32`;
}

/** What ffmpeg writes once its input is open: here, a caller got through the handshake and its stream was read. */
const INPUT_OPENED = "Input #0";

/**
 * An SRT listener for one channel on `port`: ffmpeg waits for a caller with the channel's passphrase and pushes what
 * it sends (MPEG-TS over SRT: H.264 and AAC, as OBS sends them) to `rtmpUrl` as FLV without re-encoding. A caller
 * gone, ffmpeg ends and the listener is armed again for the next one (one listener takes one caller). `onCaller` is
 * told each caller before ffmpeg publishes it (ffmpeg opens its input, then its output).
 */
export function startSrtListener(options: { port: number; streamKey: string; rtmpUrl: string; bind?: string; log?: (line: string) => void; onCaller?: () => void }): FfmpegJob {
  const passphrase = srtPassphraseOf(options.streamKey);
  const listen = `srt://${options.bind ?? "0.0.0.0"}:${options.port}?mode=listener&passphrase=${passphrase}&pbkeylen=32`;
  const onCaller = options.onCaller;
  let heard = "";
  return startFfmpegJob({
    name: `srt listener :${options.port}`,
    // The input's description is written at "info": the only word ffmpeg gives of a caller's arrival (no progress lines).
    args: [...(onCaller ? ["-loglevel", "info", "-nostats"] : []), "-i", listen, "-map", "0:v:0", "-map", "0:a:0?", "-c", "copy", "-f", "flv", options.rtmpUrl],
    restart: true,
    log: options.log,
    redact: (text) => text.replaceAll(passphrase, "…").replaceAll(options.streamKey, "…"),
    onStart: () => (heard = ""),
    onStderr: onCaller
      ? (text) => {
          if (heard.includes(INPUT_OPENED)) return;
          heard += text;
          if (heard.includes(INPUT_OPENED)) onCaller();
        }
      : undefined,
  });
}
