import type { Config } from "../config.ts";
import type { LiveManager } from "../live/live-manager.ts";
import type { EventBus } from "../realtime/bus.ts";
import type { Language } from "../i18n/messages.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Db } from "../../db/index.ts";
import type { User } from "../../db/types.ts";

/** What every domain needs from the outside world; tests build their own. */
export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  now: () => number;
  bus: EventBus;
  /** Absent when ingest is off (RTMP_PORT=0), as in most API tests. */
  live?: LiveManager;
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
