import type { Engine, FatalKind } from "./engines.ts";

/** A connection that has not carried a picture by then will not: the player falls back to low latency. */
const CONNECT_TIMEOUT_MS = 8000;
/** Host candidates only (Arena asks no STUN server): gathering is quick, but a browser may never say "complete". */
const GATHERING_WAIT_MS = 2000;

/**
 * Real time (issue 37, item 6): the live over WebRTC from Arena's WHEP route (server/whep/). The offer goes whole,
 * once its candidates are gathered; the answer names the node's addresses. Loaded only when a viewer plays in this
 * mode, so neither the first load nor the player's own chunk carries it.
 */
export async function attachWhep(video: HTMLVideoElement, url: string, onFatal: (kind: FatalKind) => void): Promise<Engine> {
  const peer = new RTCPeerConnection();
  let location: string | null = null;
  let ended = false;
  let connectedOnce = false;
  const fail = (kind: FatalKind) => {
    if (!ended) onFatal(kind);
  };
  // A tab closed or left mid-live runs no cleanup of the page: its place is given back as it goes.
  const onPageHide = () => destroy();
  window.addEventListener("pagehide", onPageHide);
  const destroy = () => {
    if (ended) return;
    window.removeEventListener("pagehide", onPageHide);
    ended = true;
    clearTimeout(connectTimer);
    peer.close();
    video.srcObject = null;
    // The node frees the viewer's place at once instead of when the connection times out.
    if (location) void fetch(location, { method: "DELETE", keepalive: true }).catch(() => undefined);
  };
  const connectTimer = setTimeout(() => peer.connectionState !== "connected" && fail("realtime_failed"), CONNECT_TIMEOUT_MS);

  // Set at once: the player's play() then waits for the tracks instead of refusing an element without a source.
  const stream = new MediaStream();
  video.srcObject = stream;
  peer.ontrack = (event) => stream.addTrack(event.track);
  peer.onconnectionstatechange = () => {
    if (peer.connectionState === "connected") {
      connectedOnce = true;
      clearTimeout(connectTimer);
    }
    // Failed before it ever carried anything: WebRTC cannot reach this node from here. Lost after: the live ended or
    // the network dropped, tried again as any live that drops.
    if (peer.connectionState === "failed") fail(connectedOnce ? "network" : "realtime_failed");
    if (peer.connectionState === "closed") fail("network");
  };
  preferH264(peer.addTransceiver("video", { direction: "recvonly" }));
  peer.addTransceiver("audio", { direction: "recvonly" });

  try {
    await peer.setLocalDescription(await peer.createOffer());
    await gathered(peer);
    const answer = await fetch(url, { method: "POST", headers: { "content-type": "application/sdp" }, body: peer.localDescription?.sdp, credentials: "same-origin" });
    if (answer.status !== 201) {
      fail(await refusal(answer));
      return { destroy };
    }
    location = new URL(answer.headers.get("location") ?? "", url).href;
    await peer.setRemoteDescription({ type: "answer", sdp: await answer.text() });
  } catch {
    fail("realtime_failed");
  }
  return { destroy, liveEdge: () => null };
}

/** What a refused offer means for the player: full (fall back, say why), gone (retry), refused or broken. */
async function refusal(answer: Response): Promise<FatalKind> {
  if (answer.status === 404) return "not_found";
  if (answer.status === 401 || answer.status === 403) return "network";
  const code = ((await answer.json().catch(() => ({}))) as { code?: string }).code;
  return code === "realtime_full" ? "realtime_full" : "realtime_failed";
}

/** Arena sends H.264 as its streamer sent it: the browser is asked to offer it first. */
function preferH264(transceiver: RTCRtpTransceiver): void {
  const codecs = RTCRtpReceiver.getCapabilities?.("video")?.codecs ?? [];
  const h264 = codecs.filter((codec) => codec.mimeType.toLowerCase() === "video/h264");
  if (h264.length > 0 && "setCodecPreferences" in transceiver) transceiver.setCodecPreferences([...h264, ...codecs.filter((codec) => !h264.includes(codec))]);
}

function gathered(peer: RTCPeerConnection): Promise<void> {
  if (peer.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, GATHERING_WAIT_MS);
    peer.addEventListener("icegatheringstatechange", () => {
      if (peer.iceGatheringState !== "complete") return;
      clearTimeout(timer);
      resolve();
    });
  });
}
