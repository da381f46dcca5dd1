import type { LogTail } from "./log-tail.ts";
import type { Config } from "../config.ts";
import type { EventBus } from "../realtime/bus.ts";
import type { Language } from "../i18n/messages.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Db } from "../../db/index.ts";
import type { User } from "../../db/types.ts";
import type { Signals } from "../../db/signals.ts";
import type { FlvReader } from "../../media/media-server.ts";
import type { LadderStatus } from "../../media/quality-ladder.ts";

/** What the routes ask of the running live pipeline (live/live-manager.ts provides it). */
export interface LiveControl {
  /** Reads a live stream as FLV inside this process (the HTTP-FLV route): undefined when it is not published here. */
  readFlv(streamKey: string, reader: FlvReader): (() => void) | undefined;
  /** Remakes a live's thumbnail or animated preview when it is too old to serve. */
  freshPreview(channelId: number, file: string): Promise<void>;
  /** Cuts the publisher of a key off (after its key changed). */
  disconnect(streamKey: string): void;
  /** Restarts a live channel's relays after its multi-streaming settings changed. */
  refreshRelays(channelId: number): Promise<void>;
  /** Whether the media server still accepts RTMP publishers (GET /api/health). */
  ingestListening(): boolean;
  /** The quality ladder's encoder and capacity (GET /api/health); null when LIVE_LADDER is off. */
  ladderStatus(): LadderStatus | null;
}

/** What every domain needs from the outside world, built once at start-up; tests build their own. */
export interface AppDeps {
  readonly db: Db;
  readonly config: Config;
  readonly mailer: Mailer;
  readonly now: () => number;
  readonly bus: EventBus;
  /** Tells every node (this one too) to reload something another changed (db/signals.ts). */
  readonly signals: Signals;
  /** Absent when ingest is off (RTMP_PORT=0), as in most API tests. */
  readonly live?: LiveControl;
  /** The node's last log lines (server/http/log-tail.ts), for the admin console. */
  readonly logTail?: LogTail;
}

export interface AuthState {
  user: User;
  sessionHash: string;
  remember: boolean;
}

export interface AppEnv {
  Variables: {
    lang: Language;
    auth: AuthState | null;
    clientIp: string;
  };
}
