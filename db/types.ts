import type { Generated, Selectable } from "kysely";
import type { WebhookFormat, WebhookScope } from "../shared/webhooks.ts";

/** Times are Unix milliseconds; booleans are 0/1, as SQLite stores them. */
export type Role = "viewer" | "streamer" | "organizer" | "moderator" | "admin";

interface UserTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string | null;
  role: Generated<Role>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  about: Generated<string>;
  avatar: string | null;
  banner: string | null;
  verified: Generated<number>;
  email_verified_at: number | null;
  last_login_at: number | null;
  suspended_at: number | null;
  created_at: number;
  updated_at: number;
  /** Follows of this user, kept by the database itself on every follow row written or deleted (migration 0017). */
  follower_count: Generated<number>;
}

interface SessionTable {
  id_hash: string;
  user_id: number;
  remember: number;
  created_at: number;
  expires_at: number;
  user_agent: string | null;
}

type AuthTokenPurpose = "verify_email" | "reset_password";

interface AuthTokenTable {
  token_hash: string;
  user_id: number;
  purpose: AuthTokenPurpose;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

interface OAuthAccountTable {
  provider: string;
  provider_user_id: string;
  user_id: number;
  created_at: number;
}

interface OAuthStateTable {
  state: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  expires_at: number;
}

interface RateLimitTable {
  key: string;
  window_start: number;
  count: number;
}

interface LoginFailureTable {
  account: string;
  address: string;
  failures: number;
  last_failed_at: number;
}

interface CaptchaUseTable {
  signature: string;
  expires_at: number;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  auth_token: AuthTokenTable;
  oauth_account: OAuthAccountTable;
  oauth_state: OAuthStateTable;
  rate_limit: RateLimitTable;
  login_failure: LoginFailureTable;
  captcha_use: CaptchaUseTable;
  legal_document: LegalDocumentTable;
  game: GameTable;
  channel: ChannelTable;
  live_session: LiveSessionTable;
  node: NodeTable;
  replay: ReplayTable;
  viewer_presence: ViewerPresenceTable;
  restream_target: RestreamTargetTable;
  chat_message: ChatMessageTable;
  chat_ban: ChatBanTable;
  chat_moderation: ChatModerationTable;
  follow: FollowTable;
  notification: NotificationTable;
  report: ReportTable;
  tournament: TournamentTable;
  tournament_player: TournamentPlayerTable;
  tournament_station: TournamentStationTable;
  wallet: WalletTable;
  wallet_transaction: WalletTransactionTable;
  event_category: EventCategoryTable;
  event: EventTable;
  event_participant: EventParticipantTable;
  ticket_type: TicketTypeTable;
  ticket: TicketTable;
  assignment: AssignmentTable;
  data_export: DataExportTable;
  audit_log: AuditLogTable;
  clip: ClipTable;
  waitlist_entry: WaitlistEntryTable;
  waitlist_hold: WaitlistHoldTable;
  site_setting: SiteSettingTable;
  invitation: InvitationTable;
  legal_version: LegalVersionTable;
  storage_policy: StoragePolicyTable;
  tournament_match: TournamentMatchTable;
  webhook: WebhookTable;
  webhook_delivery: WebhookDeliveryTable;
  webhook_attempt: WebhookAttemptTable;
  personal_token: PersonalTokenTable;
  overlay: OverlayTable;
  raid_block: RaidBlockTable;
  raid: RaidTable;
  stream_health: StreamHealthTable;
  federation_key: FederationKeyTable;
  federation_kv: FederationKvTable;
  federation_follower: FederationFollowerTable;
  federation_following: FederationFollowingTable;
  federation_post: FederationPostTable;
  federation_delivery: FederationDeliveryTable;
}

export type User = Selectable<UserTable>;

type LegalType = "rgpd" | "cgu" | "faq" | "mentions-legales";

/** One legal text in one language; `version` starts at 1 and grows with every edit. */
interface LegalDocumentTable {
  type: LegalType;
  lang: "fr" | "en";
  title: string;
  /** Sanitised HTML. */
  content: string;
  version: number;
  contact_email: string;
  contact_phone: string;
  contact_address: string;
  updated_at: number;
  updated_by: number | null;
}

export type LegalDocument = Selectable<LegalDocumentTable>;

interface GameTable {
  id: number;
  short_name: string;
  name: string;
  description_fr: string;
  description_en: string;
  icon: string;
  landscape_image: string;
  portrait_image: string;
  /** Hidden by an admin: gone from the catalogue and pickers, still shown where it was used. */
  hidden_at: Generated<number | null>;
  /** Edited or added by an admin: the shipped catalogue no longer overwrites it at start-up. */
  edited_at: Generated<number | null>;
}

interface ChannelTable {
  id: Generated<number>;
  user_id: number;
  /** The opaque public id the screens call channelArn; never the stream key. */
  public_id: string;
  stream_key: string;
  title: Generated<string>;
  description: Generated<string>;
  game_id: number | null;
  /** JSON array of strings. */
  tags: Generated<string>;
  is_live: Generated<number>;
  live_session_id: number | null;
  restream_enabled: Generated<number>;
  /** 0 = off; otherwise the seconds a viewer waits between two chat messages. */
  chat_slow_seconds: Generated<number>;
  /** 1: the bracket's system lines appear in this channel's chat (issue 18). */
  chat_bracket_messages: Generated<number>;
  /** 1: members may clip this channel's lives and replays (issue 19, item 4). */
  clips_enabled: Generated<number>;
  /** The UDP port of SRT ingest given to this channel (SRT_PORTS); null: SRT off. */
  srt_port: Generated<number | null>;
  paypalme: string | null;
  /** Full profile addresses, normalised on save (Twitter keeps only the handle). */
  social_facebook: string | null;
  social_twitter: string | null;
  social_instagram: string | null;
  social_youtube: string | null;
  social_website: string | null;
  /** fold(title), for search. */
  search_title: Generated<string>;
  created_at: number;
  updated_at: number;
  /** Who may watch the live and who may write in its chat (issue 18, item 4; server/restricted/live-access.ts). */
  watch_access: Generated<WatchAccess>;
  watch_event_id: Generated<number | null>;
  watch_tournament_id: Generated<number | null>;
  chat_access: Generated<ChatAccess>;
  chat_event_id: Generated<number | null>;
  chat_tournament_id: Generated<number | null>;
  /** Who may raid this channel (issue 36, item 5; server/raids/). */
  raid_policy: Generated<RaidPolicy>;
}

export type RaidPolicy = "everyone" | "followed" | "nobody";

export type WatchAccess = "everyone" | "members" | "ticket" | "entrants";
export type ChatAccess = "everyone" | "followers" | "ticket" | "entrants";

interface LiveSessionTable {
  id: Generated<number>;
  channel_id: number;
  title: Generated<string>;
  description: Generated<string>;
  game_id: number | null;
  tags: Generated<string>;
  started_at: number;
  ended_at: number | null;
  /** Folder under MEDIA_DIR/recordings holding this session's recording parts. */
  recording_dir: string;
  /** NODE_URL of the node that ingests the live and makes its replay (null: before several nodes existed). */
  node_url: string | null;
  /** When its replay was made (or found to have nothing recorded, or failed); null while still to do. */
  finalised_at: number | null;
  /** When its recording was stopped because the disk was nearly full (the live went on). */
  recording_stopped_at: Generated<number | null>;
  /** The channel's watch rule while this live ran: its replays inherit it (issue 18, item 4). */
  watch_access: Generated<WatchAccess>;
  watch_event_id: Generated<number | null>;
  watch_tournament_id: Generated<number | null>;
  /** While the live waits through a match for its encoder: the wait's end (server clock); null otherwise (issue 37, item 5). */
  reconnect_until: Generated<number | null>;
}

/** One Arena process of a site, as it last reported itself alive. */
interface NodeTable {
  /** Its NODE_URL. */
  url: string;
  seen_at: number;
}

type ReplayStatus = "processing" | "ready" | "failed";

interface ReplayTable {
  id: Generated<number>;
  channel_id: number;
  live_session_id: number;
  title: string;
  description: Generated<string>;
  game_id: number | null;
  status: ReplayStatus;
  file_path: string | null;
  thumbnail_path: string | null;
  duration: number | null;
  file_size: number | null;
  view_count: Generated<number>;
  created_at: number;
  deleted_at: number | null;
  /** fold(title), for search. */
  search_title: Generated<string>;
  /** Pinned replays are never removed by the storage policy (server/storage/). */
  pinned_at: Generated<number | null>;
  pinned_by: Generated<number | null>;
  /** A match replay (issue 18): the tournament and the engine's match id it was cut for; null for a session's replay. */
  tournament_id: Generated<number | null>;
  match_id: Generated<number | null>;
  /** 1: the live did not cover the whole match; the cut holds what exists. */
  partial: Generated<number>;
}

interface ViewerPresenceTable {
  channel_id: number;
  viewer_id: string;
  last_seen_at: number;
  /** The client address it watches from ("" for rows older than the column). */
  address: Generated<string>;
}

export type Channel = Selectable<ChannelTable>;
export type Game = Selectable<GameTable>;

export type RestreamPlatform = "twitch" | "youtube" | "facebook";
export type RestreamStatus = "idle" | "connecting" | "live" | "error";

interface RestreamTargetTable {
  channel_id: number;
  platform: RestreamPlatform;
  enabled: Generated<number>;
  /** AES-256-GCM with a key derived from the server secret; never sent back to anyone. */
  key_encrypted: string | null;
  status: Generated<RestreamStatus>;
  last_error: string | null;
  updated_at: number;
}

interface ChatMessageTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  /** Plain text, trimmed, at most 500 characters; never HTML. */
  content: string;
  created_at: number;
  deleted_at: number | null;
  deleted_by: number | null;
  /** 'system': a line of the bracket (issue 18), written by no one; `user_id` is then the channel's owner. */
  kind: Generated<"user" | "system">;
  /** A system line's text: a key of the chat namespace and its parameters (JSON), drawn in each reader's language. */
  system_key: string | null;
  system_params: string | null;
  /** One line per event: the same key is never stored twice in a channel. */
  dedupe_key: string | null;
}

interface ChatBanTable {
  channel_id: number;
  user_id: number;
  /** null: banned until lifted; otherwise a timeout that ends at this time. */
  until: number | null;
  reason: Generated<string>;
  created_by: number;
  created_at: number;
}

type ChatModerationAction = "delete" | "ban" | "timeout" | "unban" | "slow_mode";

interface ChatModerationTable {
  id: Generated<number>;
  channel_id: number;
  moderator_id: number;
  action: ChatModerationAction;
  target_user_id: number | null;
  message_id: number | null;
  detail: Generated<string>;
  created_at: number;
}

interface FollowTable {
  follower_id: number;
  followed_id: number;
  created_at: number;
}

interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  actor_id: number | null;
  link: Generated<string>;
  /** JSON: the words the notification is built from (names, titles). */
  data: Generated<string>;
  created_at: number;
  read_at: number | null;
}

export type ReportTargetType = "stream" | "user" | "replay" | "tournament" | "message";
type ReportStatus = "open" | "dismissed" | "actioned";

interface ReportTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: ReportTargetType;
  target_id: string;
  reason: string;
  status: Generated<ReportStatus>;
  resolved_by: number | null;
  resolved_at: number | null;
  resolution: Generated<string>;
  created_at: number;
}

type TournamentStructure = "s_elim" | "d_elim" | "robin" | "swiss";

interface TournamentTable {
  id: Generated<number>;
  name: string;
  admin_id: number;
  structure: TournamentStructure;
  size: number;
  is_team: Generated<number>;
  team_size: Generated<number>;
  game_id: number | null;
  game_name: Generated<string>;
  game_mode: Generated<string>;
  discipline: Generated<string>;
  description: Generated<string>;
  rules: Generated<string>;
  prize: Generated<string>;
  /** ISO date-times as the organiser entered them, read in `timezone`. */
  start_date: string | null;
  end_date: string | null;
  timezone: Generated<string>;
  poster: string | null;
  cover: string | null;
  stream: Generated<number>;
  is_active: Generated<number>;
  /** The bracket engine's whole state (JSON), written in the same transaction as every change. */
  bracket: string | null;
  champion_id: number | null;
  view_count: Generated<number>;
  /** 1: each ready match goes to a free station by itself (issue 18). */
  auto_assign: Generated<number>;
  created_at: number;
  finished_at: number | null;
  /** Swiss (issue 19): the rounds the organiser chose, null for ceil(log2 n); the top cut, 0, 4 or 8. */
  swiss_rounds: number | null;
  top_cut: Generated<number>;
  /** Check-in window (issue 19), epoch ms; `checkin_closed_at` once the no-shows were dropped. */
  checkin_opens_at: number | null;
  checkin_closes_at: number | null;
  checkin_closed_at: number | null;
}

interface TournamentPlayerTable {
  id: Generated<number>;
  tournament_id: number;
  user_id: number;
  status: "pending" | "approved";
  joined_at: number;
  checked_in_at: number | null;
}

export type Tournament = Selectable<TournamentTable>;

/** Where a tournament's matches are played; `streamer_id` names the channel that streams it. */
interface TournamentStationTable {
  id: Generated<number>;
  tournament_id: number;
  name: string;
  /** The channel that streams the station: one that accepted, or the organiser's own (issue 34, item 17). */
  streamer_id: number | null;
  /** A channel the organiser asked for, until its streamer answers; it streams nothing meanwhile. */
  requested_streamer_id: number | null;
  /** The engine's match id (the match card's id after "{tournamentId}-"); null while free. */
  match_id: number | null;
  assigned_at: number | null;
  created_at: number;
}

/** G-Coins are integers; a balance never goes below zero (a CHECK constraint). */
interface WalletTable {
  user_id: number;
  balance: Generated<number>;
  currency: Generated<string>;
  updated_at: number;
}

export type WalletTransactionType = "event_creation" | "manual_credit" | "admin_credit" | "ticket_purchase" | "ticket_sale" | "refund" | "refund_reversal" | "debit";

/** The ledger: every credit (amount > 0) and debit (amount < 0), written with what it paid for. */
interface WalletTransactionTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  balance_after: number;
  type: WalletTransactionType;
  /** A reason typed by a person, kept as typed ("" when Arena wrote the line). */
  description: Generated<string>;
  /** A line Arena wrote: a key of the ledger's dictionary and its parameters (JSON), translated when shown. */
  description_code: string | null;
  description_params: string | null;
  ref_type: string | null;
  ref_id: number | null;
  created_at: number;
}

interface EventCategoryTable {
  id: number;
  slug: string;
  name_fr: string;
  name_en: string;
  icon: string;
  color: string;
  multiplier: number;
}

export type EventStatus = "draft" | "published" | "active" | "completed" | "cancelled";

interface EventTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  category_id: number;
  start_date: number;
  end_date: number | null;
  /** null: unlimited. */
  max_participants: number | null;
  /** Euros, shown on the event; tickets are paid in G-Coins. */
  ticket_price: Generated<number>;
  cover_image: string | null;
  is_public: Generated<number>;
  requires_approval: Generated<number>;
  status: Generated<EventStatus>;
  created_by: number;
  location: Generated<string>;
  rules: Generated<string>;
  tournament_id: number | null;
  creation_cost: number;
  created_at: number;
  updated_at: number;
  /** Name, description and place, folded (server/text/fold.ts): what the events list's search looks in. */
  search_text: Generated<string>;
}

interface EventParticipantTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  status: "pending" | "approved" | "rejected";
  created_at: number;
}

interface TicketTypeTable {
  id: Generated<number>;
  event_id: number;
  type: string;
  name: string;
  price: number;
  description: Generated<string>;
  /** JSON array of short texts. */
  features: Generated<string>;
  /** How many may be sold; null: as many as the event's seats allow. */
  quantity: number | null;
  /** On sale from / until (ms); null: from publication / until the event starts. */
  sale_starts_at: number | null;
  sale_ends_at: number | null;
  /** Not listed to buyers; tickets already sold stay valid. */
  hidden: Generated<number>;
  /** Listed as closed, not sold. */
  closed: Generated<number>;
  /** Display order, smallest first. */
  position: Generated<number>;
}

export interface TicketTable {
  id: Generated<number>;
  /** The ticket's public code, in its QR payload. */
  code: string;
  event_id: number;
  user_id: number;
  ticket_type: string;
  price: number;
  currency: Generated<string>;
  status: Generated<"valid" | "refunded">;
  checked_in_at: number | null;
  checked_in_by: number | null;
  created_at: number;
}

interface AssignmentTable {
  id: Generated<number>;
  event_id: number;
  streamer_id: number;
  role: "main_streamer" | "co_streamer" | "backup_streamer";
  notes: Generated<string>;
  assigned_by: number;
  assigned_at: number;
}

export type EventRow = Selectable<EventTable>;
export type TicketTypeRow = Selectable<TicketTypeTable>;

/** A member's data export (server/privacy/): "pending" until its ZIP is written, then "ready" until it expires, or "failed". */
export interface DataExportTable {
  id: Generated<number>;
  user_id: number;
  status: "pending" | "ready" | "failed";
  /** The ZIP's path under MEDIA_DIR/exports. */
  file: string | null;
  size: number | null;
  requested_at: number;
  ready_at: number | null;
  expires_at: number | null;
}

/** One admin action (server/admin/audit.ts): before and after are JSON of the fields that changed. */
interface AuditLogTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target_type: string;
  target_id: string;
  before: string | null;
  after: string | null;
  created_at: number;
}

type ClipStatus = "processing" | "ready" | "failed";

/** A moment of a live or a replay a member kept (issue 19, item 4); its file is under MEDIA_DIR/clips. */
interface ClipTable {
  id: Generated<number>;
  channel_id: number;
  /** Its author. */
  user_id: number;
  /** The live it was cut from, or the replay: one of the two (null once the source is gone). */
  live_session_id: number | null;
  replay_id: number | null;
  title: string;
  game_id: number | null;
  status: ClipStatus;
  /** Where the cut starts in its source (a replay's time, or the live recording part's). */
  start_seconds: number;
  requested_seconds: number;
  /** Paths under MEDIA_DIR/clips. */
  file_path: string | null;
  thumbnail_path: string | null;
  /** The cut's true length: it starts on a keyframe, so it may be longer than asked by up to one keyframe interval. */
  duration: number | null;
  file_size: number | null;
  view_count: Generated<number>;
  created_at: number;
}
/** A waiting list's place: an event's seats or a tournament's slots (server/waitlist/). */
export type WaitlistKind = "event" | "tournament";
export type WaitlistStatus = "waiting" | "offered" | "accepted" | "declined" | "expired" | "left";

/** One member on one waiting list; an offer holds its seat until `expires_at`. */
interface WaitlistEntryTable {
  id: Generated<number>;
  kind: WaitlistKind;
  target_id: number;
  user_id: number;
  status: WaitlistStatus;
  /** Queue order, smallest first: the join time, or less than everyone's when the organiser takes someone first. */
  rank: number;
  joined_at: number;
  offered_at: number | null;
  expires_at: number | null;
  /** When the offer's notification and mail went (null: still to send). */
  announced_at: number | null;
  settled_at: number | null;
}

/** How long an offer is held, set by the organiser per event or tournament (default 24 h). */
interface WaitlistHoldTable {
  kind: WaitlistKind;
  target_id: number;
  minutes: number;
}

/** One setting an admin edits in the console (server/site/settings/settings.ts): the value is JSON. */
interface SiteSettingTable {
  key: string;
  value: string;
  updated_at: number;
  updated_by: number | null;
}

/** A sign-up link an admin made for closed sign-ups: max_uses null = no limit, expires_at null = never. */
interface InvitationTable {
  id: Generated<number>;
  token: string;
  note: Generated<string>;
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: number | null;
  revoked_at: number | null;
  created_by: number;
  created_at: number;
}

export type Invitation = Selectable<InvitationTable>;

/** Every version a legal text has had, the current one included (legal_document holds the current one). */
interface LegalVersionTable {
  id: Generated<number>;
  type: LegalType;
  lang: "fr" | "en";
  version: number;
  title: string;
  content: string;
  updated_at: number;
  updated_by: number | null;
}

type KeepMode = "forever" | "days" | "size";

/** One row (id 1): how long replays are kept, and the free disk a recording needs (server/storage/). */
interface StoragePolicyTable {
  id: number;
  keep: Generated<KeepMode>;
  keep_days: number | null;
  max_recordings_gb: number | null;
  min_free_gb: Generated<number>;
  min_free_percent: Generated<number>;
  /** When the daily retention run last started (it claims the day by setting this). */
  last_run_at: number | null;
}

/** When a match was played, and at which streamed station (issue 18): the bounds of its replay's cut. */
interface TournamentMatchTable {
  tournament_id: number;
  /** The engine's match id. */
  match_id: number;
  started_at: number;
  ended_at: number | null;
  /** The channel of the station the match was on when it started (null: not streamed). */
  streamer_id: number | null;
  /** The station the match was played at: the one it ended on, else the one it started on (its card names it once over). */
  station_name: string | null;
}

type WebhookDeliveryState = "pending" | "delivered" | "failed";

/** An outgoing webhook (server/webhooks/). */
interface WebhookTable {
  id: Generated<number>;
  scope: WebhookScope;
  /** The channel, tournament or event; null for the site. */
  scope_id: number | null;
  created_by: number;
  url: string;
  format: WebhookFormat;
  /** JSON: the event types it takes. */
  events: string;
  description: Generated<string>;
  /** The language of a Discord post's words: its creator's when they made it. */
  language: Generated<"fr" | "en">;
  /** whsec_ and 32 random bytes in base64: the key every delivery is signed with. */
  secret: string;
  /** The key before the last rotation, which deliveries are signed with too until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: number | null;
  /** Set when deliveries kept failing for 24 h (or the receiver answered 410 Gone); null: it takes events. */
  disabled_at: number | null;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
}

/** One event for one webhook, tried until delivered or 24 h of tries have failed. */
interface WebhookDeliveryTable {
  id: Generated<number>;
  webhook_id: number;
  /** The `webhook-id` header: the same on every try, so a receiver can drop a repeat. */
  message_id: string;
  event_type: string;
  /** JSON: the event as Standard Webhooks sends it ({ type, timestamp, data }). */
  payload: string;
  state: WebhookDeliveryState;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** A node sending it holds it until then; past it, another node may take it (the first one died). */
  claimed_until: number | null;
  last_status: number | null;
  /** When the event happened. */
  created_at: number;
  /** Where its 24 h of tries count from: the event, or the owner's "send again". */
  tries_since: number;
  finished_at: number | null;
}

/** One try of a delivery, for the delivery log. */
interface WebhookAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: number;
  /** The receiver's answer; null when none came (refused address, no connection, timeout). */
  status_code: number | null;
  duration_ms: number;
  /** The answer's first 2 KB. */
  response_body: Generated<string>;
  error: string | null;
}

/** A member's personal access token for a bot or a script (server/auth/personal-tokens.ts). */
interface PersonalTokenTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 of the token, as sessions keep theirs. */
  token_hash: string;
  /** The token's first characters ("arena_pat_Ab3x…"), so its owner can tell it apart. */
  hint: string;
  /** JSON: the scopes it may use (shared/tokens.ts). */
  scopes: string;
  created_at: number;
  /** null: until revoked. */
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** A streamer's OBS overlays (issue 36, item 4): the secret in their addresses, and whether alerts ring. */
interface OverlayTable {
  user_id: number;
  secret: string;
  /** 1: an alert plays its sound. */
  sound: Generated<number>;
  created_at: number;
}

/** A channel that may not raid `channel_id`, whatever its raid policy (server/raids/). */
interface RaidBlockTable {
  id: Generated<number>;
  channel_id: number;
  blocked_channel_id: number;
  created_at: number;
}

/** pending: its 10 s countdown runs; then landed, cancelled by its streamer, or failed (the target went offline). */
type RaidState = "pending" | "landed" | "cancelled" | "failed";

/** A raid from one live to another (server/raids/). */
interface RaidTable {
  id: Generated<number>;
  from_channel_id: number;
  to_channel_id: number;
  /** The source's viewer count when the raid started: what the target's chat is told, never added to its viewers. */
  viewers: number;
  state: RaidState;
  started_at: number;
  lands_at: number;
  ended_at: number | null;
}

/** The last figures measured on a channel's publish (issue 37, item 1; server/health/): one row per channel. */
interface StreamHealthTable {
  channel_id: number;
  /** The session measured; null after a refused publish that opened none. */
  live_session_id: number | null;
  /** How the publisher reaches Arena: "rtmp". */
  protocol: string;
  video_codec: string | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  video_kbps: number | null;
  audio_codec: string | null;
  audio_sample_rate: number | null;
  audio_kbps: number | null;
  keyframe_interval_ms: number | null;
  /** 1: the frame rate of the last samples varied by more than FPS_UNSTABLE_RATIO. */
  fps_unstable: Generated<number>;
  /** 1: no audio frame arrived in the last sample. */
  no_audio: Generated<number>;
  /** Times the publisher came back within the grace window during the session. */
  reconnects: Generated<number>;
  /** JSON: [ms since epoch, kbps][] of the last minutes, oldest first (the panel's graph). */
  bitrate_points: Generated<string>;
  /** The video codec of the last publish refused (HEVC, AV1…), and when. */
  refused_codec: string | null;
  refused_at: number | null;
  updated_at: number;
}

/** A key pair an actor of the fediverse signs with (issue 38; server/federation/keys.ts), made once. */
interface FederationKeyTable {
  actor_type: "channel" | "tournament" | "event";
  actor_id: number;
  /** "RSASSA-PKCS1-v1_5" (HTTP signatures, what Mastodon checks) or "Ed25519" (object integrity proofs). */
  algorithm: string;
  /** JWK, JSON. */
  public_key: string;
  private_key: string;
  created_at: number;
}

/** Fedify's key-value store (server/federation/kv-store.ts): a JSON value under a JSON key, until `expires_at` (ms). */
interface FederationKvTable {
  key: string;
  value: string;
  expires_at: number | null;
}

type FederationActorType = "channel" | "tournament" | "event";

/** A remote account following one of Arena's actors (issue 38, item 2); its names copied when its Follow came. */
interface FederationFollowerTable {
  id: Generated<number>;
  actor_type: FederationActorType;
  actor_id: number;
  /** The remote actor's id (a URL). */
  remote_actor: string;
  remote_inbox: string;
  remote_shared_inbox: string | null;
  remote_host: string;
  /** @name@host */
  remote_handle: string;
  remote_name: string;
  /** The remote account's page, when it gave one. */
  remote_url: string | null;
  /** The Follow's id: an Undo names it, a Reject (the owner removing the follower) answers it. */
  follow_activity: string;
  created_at: number;
}

/** A member's channel following a remote account (issue 38): pending until its Accept comes. */
interface FederationFollowingTable {
  id: Generated<number>;
  channel_id: number;
  remote_actor: string;
  remote_inbox: string;
  remote_host: string;
  remote_handle: string;
  remote_name: string;
  remote_url: string | null;
  follow_activity: string;
  state: "pending" | "accepted";
  created_at: number;
  accepted_at: number | null;
}

/** What an actor posted on the fediverse (issue 38, item 3); `subject` names what it is about, so it is posted once. */
interface FederationPostTable {
  id: Generated<number>;
  actor_type: FederationActorType;
  actor_id: number;
  kind: string;
  subject: string;
  /** The Note's HTML, every word from the site escaped. */
  content: string;
  /** The page it links to (absolute). */
  url: string;
  image: string | null;
  created_at: number;
  deleted_at: number | null;
}

/** One signed activity for one inbox (issue 38, item 5): tried until delivered or given up, then kept as the log. */
interface FederationDeliveryTable {
  id: Generated<number>;
  activity_id: string;
  activity_type: string;
  /** The actor whose key signs it. */
  actor_type: FederationActorType;
  actor_id: number;
  inbox: string;
  inbox_host: string;
  /** The activity, JSON-LD. */
  body: string;
  state: "pending" | "delivered" | "failed";
  attempts: Generated<number>;
  next_attempt_at: number;
  claimed_until: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}
