import type { LogTail } from "./log-tail.ts";
import type { Config } from "../config.ts";
import type { EventBus } from "../realtime/bus.ts";
import type { Language } from "../i18n/messages.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Db, DbOrTransaction } from "../../db/index.ts";
import type { User, WaitlistKind } from "../../db/types.ts";
import type { Signals } from "../../db/signals.ts";
import type { FlvReader } from "../../media/media-server.ts";
import type { LadderStatus } from "../../media/quality-ladder.ts";
import type { TokenScope } from "../../shared/tokens.ts";

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

/** What the SRT routes ask of this node's SRT listeners (srt/listeners.ts provides it). */
interface SrtControl {
  /** Resolves once this node listens as the database says (a port given or freed, a new key). */
  reload(): Promise<void>;
}

/** What the WHEP routes ask of this node's real-time viewers (whep/sessions.ts provides it). */
export interface WhepControl {
  /** Answers a viewer's offer; throws whep/sessions.ts's UnplayableOfferError or NotLiveHereError. */
  watch(streamKey: string, offer: string, mayStillWatch?: () => Promise<boolean>): Promise<{ id: string; answer: string }>;
  viewersOf(streamKey: string): number;
  watches(id: string, streamKey: string): boolean;
  end(id: string): Promise<void>;
}

/** What the WHIP routes ask of this node's WHIP publishers (whip/sessions.ts provides it). */
export interface WhipControl {
  /** Answers an SDP offer; throws whip/sessions.ts's UnusableOfferError for an offer no live can come from. */
  publish(streamKey: string, offer: string): Promise<{ id: string; answer: string }>;
  isPublishing(streamKey: string): boolean;
  streamKeyOf(id: string): string | undefined;
  end(id: string): Promise<void>;
}

/** What the waiting list (server/waitlist/places/offers.ts) needs to know of a place, read in the caller's transaction. */
export interface PlaceState {
  /** Takes registrations now (an event published and not started, a tournament not started). */
  open: boolean;
  /** Over: started, ended or cancelled; its list is closed. A draft is neither open nor over. */
  over: boolean;
  /** Infinity for an event without a seat limit. */
  capacity: number;
  taken: number;
  /** An offer never runs past this (an event's start: sales close then). */
  closesAt: number | null;
  name: string;
  link: string;
  organiserId: number;
}

/** How one kind of place is read; undefined when no such place exists. */
export type PlaceReader = (db: DbOrTransaction, id: number, now: number) => Promise<PlaceState | undefined>;

/**
 * The waiting list's reader of each kind of place, wired once at start-up (server/places.ts): the domains that
 * own the seats give theirs, so the waiting list calls them without importing them.
 */
export type PlaceKinds = Readonly<Record<WaitlistKind, PlaceReader>>;

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
  /** WHIP publishers (server/whip/); absent when ingest or WEBRTC_UDP_PORT is off. */
  readonly whip?: WhipControl;
  /** Real-time (WHEP) viewers (server/whep/); absent when ingest or WEBRTC_UDP_PORT is off. */
  readonly whep?: WhepControl;
  /** SRT listeners (server/srt/); absent when ingest or SRT_PORTS is off. */
  readonly srt?: SrtControl;
  /** The node's last log lines (server/http/log-tail.ts), for the admin console. */
  readonly logTail?: LogTail;
  /** How the waiting list reads each kind of place (server/places.ts). */
  readonly places: PlaceKinds;
}

interface AuthState {
  user: User;
  sessionHash: string;
  remember: boolean;
  /** A personal access token's grant (server/auth/personal-tokens.ts); absent for a session. */
  token?: { id: number; scopes: TokenScope[] };
}

export interface AppEnv {
  Variables: {
    lang: Language;
    auth: AuthState | null;
    clientIp: string;
  };
}
