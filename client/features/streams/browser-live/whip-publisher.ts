/**
 * "Go live from this browser": the page's camera or screen sent to Arena's WHIP route (RFC 9725), as OBS would.
 * H.264 goes first in the offer because Arena keeps the picture as it is (no transcoding): a browser that cannot
 * send H.264 is refused by the server with a 400.
 */
export interface BrowserLive {
  /** Ends the live: the WHIP session is deleted, the camera and microphone are let go. */
  stop(): Promise<void>;
  /** Told once if the connection drops by itself. */
  onDropped(listener: () => void): void;
}

/** The bitrate a connection can carry with room to spare, in kbit/s: 60% of what the browser measures, 2.5 Mbit/s when it says nothing. */
export function bitrateForConnection(): number {
  const downlink = (navigator as Navigator & { connection?: { downlink?: number } }).connection?.downlink;
  if (!downlink) return 2500;
  return Math.min(6000, Math.max(500, Math.round((downlink * 1000 * 0.6) / 100) * 100));
}

/** The camera (the back one on a phone, the one a caster films the match with) and the microphone. */
export function openCamera(phone: boolean): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode: phone ? "environment" : "user", width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
    audio: true,
  });
}

/** A shared screen with its sound if the browser gives it, else with the microphone's. */
export async function openScreen(): Promise<MediaStream> {
  const screen = await navigator.mediaDevices.getDisplayMedia({ video: { frameRate: { ideal: 30 } }, audio: true });
  if (screen.getAudioTracks().length === 0) {
    const microphone = await navigator.mediaDevices.getUserMedia({ audio: true }).catch(() => undefined);
    for (const track of microphone?.getAudioTracks() ?? []) screen.addTrack(track);
  }
  return screen;
}

export function canShareScreen(): boolean {
  return typeof navigator.mediaDevices?.getDisplayMedia === "function";
}

/** Publishes `media` over WHIP with the stream key; resolves once the server answered (the live starts a moment later). */
export async function publishOverWhip(media: MediaStream, streamKey: string, kbps: number): Promise<BrowserLive> {
  const peer = new RTCPeerConnection();
  for (const track of media.getTracks()) {
    const transceiver = peer.addTransceiver(track, { direction: "sendonly" });
    if (track.kind === "video") preferH264(transceiver);
  }
  await peer.setLocalDescription(await peer.createOffer());
  await iceGathered(peer);
  const endpoint = new URL("/api/whip", window.location.href).href;
  const response = await fetch(endpoint, { method: "POST", headers: { "Content-Type": "application/sdp", Authorization: `Bearer ${streamKey}` }, body: peer.localDescription?.sdp });
  if (response.status !== 201) {
    peer.close();
    throw new WhipRefusal(response.status);
  }
  const session = new URL(response.headers.get("Location") ?? "", endpoint).href;
  await peer.setRemoteDescription({ type: "answer", sdp: await response.text() });
  await capBitrate(peer, kbps);
  const dropped = new Set<() => void>();
  peer.addEventListener("connectionstatechange", () => {
    if (peer.connectionState === "failed") for (const listener of dropped) listener();
  });
  return {
    async stop() {
      await fetch(session, { method: "DELETE", headers: { Authorization: `Bearer ${streamKey}` } }).catch(() => undefined);
      peer.close();
    },
    onDropped: (listener) => dropped.add(listener),
  };
}

/** The server's refusal: 409 when the key is already live from elsewhere, 503 when WHIP is off, 400 without H.264. */
export class WhipRefusal extends Error {
  constructor(readonly status: number) {
    super(`WHIP ${status}`);
  }
}

function preferH264(transceiver: RTCRtpTransceiver): void {
  const codecs = RTCRtpSender.getCapabilities?.("video")?.codecs ?? [];
  const h264 = codecs.filter((codec) => codec.mimeType.toLowerCase() === "video/h264");
  if (h264.length === 0 || !transceiver.setCodecPreferences) return;
  transceiver.setCodecPreferences([...h264, ...codecs.filter((codec) => codec.mimeType.toLowerCase() !== "video/h264")]);
}

async function capBitrate(peer: RTCPeerConnection, kbps: number): Promise<void> {
  for (const sender of peer.getSenders()) {
    if (sender.track?.kind !== "video") continue;
    const parameters = sender.getParameters();
    if (!parameters.encodings?.length) parameters.encodings = [{}];
    for (const encoding of parameters.encodings) encoding.maxBitrate = kbps * 1000;
    await sender.setParameters(parameters).catch(() => undefined);
  }
}

/** WHIP sends one offer with every candidate (no trickle): wait for them, at most 3 s (a slow interface is left out). */
function iceGathered(peer: RTCPeerConnection): Promise<void> {
  return new Promise((resolve) => {
    if (peer.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, 3000);
    peer.addEventListener("icegatheringstatechange", () => {
      if (peer.iceGatheringState !== "complete") return;
      clearTimeout(timer);
      resolve();
    });
  });
}
