import { describe, expect, it } from "bun:test";
import AVPacket from "node-media-server/src/core/avpacket.js";
import Flv from "node-media-server/src/protocol/flv.js";
import Rtmp from "node-media-server/src/protocol/rtmp.js";
import BroadcastServer from "node-media-server/src/server/broadcast_server.js";

// patches/node-media-server+4.4.3.patch builds a packet's RTMP message only for RTMP players, and an
// RTMP player's cached start from the FLV tags kept: players of both kinds get the bytes that
// node-media-server's own Flv.createMessage and Rtmp.createMessage make of each packet.

/** A packet as node-media-server's RTMP parser hands it over (flags: 0 audio header, 1 audio, 2 video header, 3 keyframe, 4 frame, 5 metadata). */
function packet(codecType: number, flags: number, dts: number, bytes: number[]): AVPacket {
  const p = new AVPacket();
  Object.assign(p, { codec_type: codecType, flags, dts, pts: dts, size: bytes.length, data: Buffer.from(bytes) });
  return p;
}

// Timestamps past 0xffffff use RTMP's extended timestamp; one past 0x7fffffff sets the FLV tag's top byte's high bit.
const packets = [
  packet(18, 5, 0, [0x02, 0x00, 0x0a, ...Buffer.from("onMetaData"), 0x05]),
  packet(8, 0, 0, [0xaf, 0x00, 0x12, 0x10]),
  packet(9, 2, 0, [0x17, 0x00, 0x00, 0x00, 0x00, 0x01, 0x64, 0x00, 0x1f]),
  packet(9, 3, 40, [0x17, 0x01, 0x00, 0x00, 0x00, ...new Array(70_000).fill(7)]),
  packet(8, 1, 0x1000000, [0xaf, 0x01, 1, 2, 3]),
  packet(9, 4, 0x80000001, [0x27, 0x01, 0x00, 0x00, 0x21, 9, 9, 9]),
];

function player(protocol: "flv" | "rtmp", id: string) {
  const received: Buffer[] = [];
  return { session: { id, ip: "", protocol, streamPath: "/live/patch", sendBuffer: (buffer: Buffer) => received.push(Buffer.from(buffer)) }, received };
}

describe("node-media-server as patched", () => {
  it("builds the RTMP message of each packet only when an RTMP player is there", () => {
    const prototype = BroadcastServer.prototype as object;
    expect(Object.getOwnPropertyDescriptor(prototype, "rtmpGopCache")?.get).toBeFunction();
  });

  it("gives players attached before the packets node-media-server's own messages, and late players the same cached start", () => {
    const broadcast = new BroadcastServer("/live/patch");
    const [flvEarly, rtmpEarly] = [player("flv", "flv-early"), player("rtmp", "rtmp-early")];
    broadcast.postPlay(flvEarly.session);
    broadcast.postPlay(rtmpEarly.session);
    for (const p of packets) broadcast.broadcastMessage(p);

    const flvHeader = flvEarly.received[0]!;
    expect(flvEarly.received.slice(1)).toEqual(packets.map((p) => Flv.createMessage(p)));
    expect(rtmpEarly.received).toEqual(packets.map((p) => Rtmp.createMessage(p)));

    // Late: metadata, audio header, video header, then the group of pictures from the keyframe on.
    const [flvLate, rtmpLate] = [player("flv", "flv-late"), player("rtmp", "rtmp-late")];
    broadcast.postPlay(flvLate.session);
    broadcast.postPlay(rtmpLate.session);
    const cachedStart = [packets[0]!, packets[1]!, packets[2]!, ...packets.slice(3)];
    expect(flvLate.received).toEqual([flvHeader, ...cachedStart.map((p) => Flv.createMessage(p))]);
    expect(rtmpLate.received).toEqual(cachedStart.map((p) => Rtmp.createMessage(p)));
  });
});
