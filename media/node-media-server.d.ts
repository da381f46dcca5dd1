// node-media-server ships JavaScript with JSDoc only; these are the parts media-server.ts uses.
declare module "node-media-server" {
  export default class NodeMediaServer {
    constructor(config: unknown, configPath: string);
    run(): Promise<void>;
    stop(): Promise<void>;
  }
}

declare module "node-media-server/src/core/context.js" {
  import type { EventEmitter } from "node:events";
  const Context: { eventEmitter: EventEmitter; broadcasts: Map<string, unknown> };
  export default Context;
}

declare module "node-media-server/src/core/logger.js" {
  const logger: { level: string };
  export default logger;
}

declare module "node-media-server/src/session/base_session.js" {
  export default class BaseSession {
    id: string;
    protocol: string;
    streamPath: string;
    sendBuffer: (buffer: Buffer) => void;
    close: () => void;
  }
}

declare module "node-media-server/src/core/avpacket.js" {
  export default class AVPacket {
    codec_type: number;
    flags: number;
    dts: number;
    pts: number;
    size: number;
    data: Buffer;
  }
}

declare module "node-media-server/src/protocol/flv.js" {
  import type AVPacket from "node-media-server/src/core/avpacket.js";
  // A class of static functions there: declared as what it is used as.
  const Flv: { createMessage(packet: AVPacket): Buffer };
  export default Flv;
}

declare module "node-media-server/src/protocol/rtmp.js" {
  import type AVPacket from "node-media-server/src/core/avpacket.js";
  // A class of static functions there: declared as what it is used as.
  const Rtmp: { createMessage(packet: AVPacket): Buffer };
  export default Rtmp;
}

declare module "node-media-server/src/server/broadcast_server.js" {
  import type AVPacket from "node-media-server/src/core/avpacket.js";
  export default class BroadcastServer {
    constructor(streamPath: string);
    postPlay(session: unknown): string | null;
    broadcastMessage(packet: AVPacket): void;
  }
}

declare module "node-media-server/src/protocol/rtmp_client.js" {
  import type AVPacket from "node-media-server/src/core/avpacket.js";
  // Its RTMP client (relays use it): the health test pushes with it what ffmpeg 5.1 cannot send (enhanced RTMP).
  export default class RtmpClient {
    urlInfo: { streamName: string } | null;
    onCloseCallback: (hadError: boolean) => void;
    connect(url: string): Promise<void>;
    sendConnect(): Promise<unknown>;
    sendCreateStream(): Promise<unknown>;
    sendPublish(streamName: string): Promise<unknown>;
    sendMetaData(metaData: Record<string, unknown>): void;
    sendPacket(packet: AVPacket): void;
    disconnect(): void;
  }
}
