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
