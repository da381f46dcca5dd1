import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createSocket } from "node:dgram";
import { classes, Connection, Message, methods, RTCPeerConnection, type RTCDataChannel, StunProtocol } from "werift";
import { waitFor } from "../../tests/fixtures/publisher.ts";
import { candidatePorts } from "../../tests/fixtures/whep-viewer.ts";
import { closeWebRtcPort, newPeer, openWebRtcPort } from "./peer.ts";
import type { UdpMux } from "./udp-mux.ts";

// The node's one WebRTC UDP port (issue 37, item 2): werift peers from newPeer share it, each found again by its ICE
// ufrag, then by the addresses its remote sent from. A werift upgrade that moves the seam (werift-seam.ts) fails here.

let mux: UdpMux;
beforeAll(async () => {
  mux = await openWebRtcPort(0, () => undefined);
});
afterAll(() => closeWebRtcPort(mux));

/** A remote peer (as a venue's tool would be: plain werift, its own sockets) that talks to a newPeer over a data channel. */
async function connectedPair() {
  const remote = new RTCPeerConnection({ iceServers: [], iceUseIpv6: false, iceAdditionalHostAddresses: ["127.0.0.1"] });
  const local = newPeer({ mux, addresses: [] });
  const remoteChannel = remote.createDataChannel("chat");
  await remote.setLocalDescription(await remote.createOffer());
  await waitFor("the offer's candidates", () => remote.iceGatheringState === "complete");
  await local.setRemoteDescription({ type: "offer", sdp: remote.localDescription!.sdp });
  await local.setLocalDescription(await local.createAnswer());
  const answer = local.localDescription!.sdp;
  await remote.setRemoteDescription({ type: "answer", sdp: answer });
  const localChannel = await new Promise<RTCDataChannel>((resolve) => local.onDataChannel.once(resolve));
  await waitFor("the channel open", () => remoteChannel.readyState === "open" && localChannel.readyState === "open");
  const heardLocally: string[] = [];
  const heardRemotely: string[] = [];
  localChannel.onMessage.subscribe((message) => heardLocally.push(message.toString()));
  remoteChannel.onMessage.subscribe((message) => heardRemotely.push(message.toString()));
  const close = async () => {
    await local.close();
    await remote.close();
  };
  return { answer, remoteChannel, localChannel, heardLocally, heardRemotely, close };
}

describe("the shared WebRTC UDP port", () => {
  it("carries two sessions at once, each answer announcing only that port, each hearing only its own remote", async () => {
    const [first, second] = [await connectedPair(), await connectedPair()];
    try {
      for (const { answer } of [first, second]) {
        expect(candidatePorts(answer).length).toBeGreaterThan(0);
        expect(new Set(candidatePorts(answer))).toEqual(new Set([mux.port]));
      }
      first.remoteChannel.send("to the first");
      second.remoteChannel.send("to the second");
      first.localChannel.send("from the first");
      second.localChannel.send("from the second");
      await waitFor("every message", () => [first, second].every((pair) => pair.heardLocally.length === 1 && pair.heardRemotely.length === 1));
      expect([first.heardLocally, second.heardLocally, first.heardRemotely, second.heardRemotely]).toEqual([["to the first"], ["to the second"], ["from the first"], ["from the second"]]);
      expect(mux.routes.sessions).toBe(2);
    } finally {
      await first.close();
    }
    // The first hung up: its ufrag and addresses are forgotten, the socket stays open for the second.
    await waitFor("the first forgotten", () => mux.routes.sessions === 1);
    second.remoteChannel.send("still there");
    await waitFor("the second still heard", () => second.heardLocally.includes("still there"));
    await second.close();
    await waitFor("every session forgotten", () => mux.routes.sessions === 0 && mux.routes.remotes === 0);
    const third = await connectedPair();
    expect(new Set(candidatePorts(third.answer))).toEqual(new Set([mux.port]));
    await third.close();
  });

  it("drops datagrams from an address no session knows, and STUN requests naming no session", async () => {
    const stranger = createSocket("udp4");
    await new Promise<void>((resolve) => stranger.bind(0, "127.0.0.1", () => resolve()));
    const bindingRequest = Buffer.alloc(20);
    bindingRequest.writeUInt16BE(0x0001, 0);
    bindingRequest.writeUInt32BE(0x2112a442, 4);
    for (const datagram of [Buffer.from([0x80, 0x60, 0, 1]), bindingRequest]) stranger.send(datagram, mux.port, "127.0.0.1");
    await Bun.sleep(100);
    expect(mux.routes).toEqual({ sessions: 0, remotes: 0 });
    stranger.close();
  });

  it("routes a STUN request naming a session only when that session's password signs it", async () => {
    const pair = await connectedPair();
    const ufrag = pair.answer.match(/^a=ice-ufrag:(\S+)/m)?.[1];
    const password = pair.answer.match(/^a=ice-pwd:(\S+)/m)?.[1];
    const stranger = createSocket("udp4");
    await new Promise<void>((resolve) => stranger.bind(0, "127.0.0.1", () => resolve()));
    const bindingRequest = (signedWith?: string) => {
      const request = new Message(methods.BINDING, classes.REQUEST).setAttribute("USERNAME", `${ufrag}:stranger`);
      if (signedWith) request.addMessageIntegrity(Buffer.from(signedWith, "utf8"));
      return request.addFingerprint().bytes;
    };
    try {
      const remotesBefore = mux.routes.remotes;
      for (const forged of [bindingRequest(), bindingRequest("not-the-password")]) stranger.send(forged, mux.port, "127.0.0.1");
      await Bun.sleep(200);
      expect(mux.routes.remotes).toBe(remotesBefore);
      stranger.send(bindingRequest(password), mux.port, "127.0.0.1");
      await waitFor("the signed request's sender learnt", () => mux.routes.remotes === remotesBefore + 1, 2000);
    } finally {
      stranger.close();
      await pair.close();
    }
  });

  it("names the setting when its port is taken, and takes it again once the node closed it", async () => {
    await expect(openWebRtcPort(mux.port, () => undefined)).rejects.toThrow(`WEBRTC_UDP_PORT ${mux.port} cannot be opened`);
    const other = await openWebRtcPort(0, () => undefined);
    const port = other.port;
    await closeWebRtcPort(other);
    const again = await openWebRtcPort(port, () => undefined);
    expect(again.port).toBe(port);
    await closeWebRtcPort(again);
  });

  it("still finds the werift internals it attaches to (werift-seam.ts)", () => {
    expect(typeof (Connection.prototype as unknown as { ensureProtocol: unknown }).ensureProtocol).toBe("function");
    expect(typeof (StunProtocol.prototype as unknown as { datagramReceived: unknown }).datagramReceived).toBe("function");
    // connectionMade is an instance field the seam replaces before werift calls it.
    expect(typeof new StunProtocol().connectionMade).toBe("function");
  });
});
