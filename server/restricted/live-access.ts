import type { DbOrTransaction } from "../../db/index.ts";
import type { ChatAccess, User, WatchAccess } from "../../db/types.ts";
import { AppError } from "../http/errors.ts";
import { canSeeEvent, isOwner, isStaff } from "../access/policy.ts";

// Restricted lives (issue 18, item 4): the one rule for who may see a channel's picture (its HLS
// playlists and segments, every rendition, its HTTP-FLV, thumbnails, previews, and the replays of
// a live streamed under the rule) and, separately, who may write in its chat. Every carrier asks
// here on every request: nothing about a viewer is remembered, so a refunded ticket or a left
// tournament stops counting at the next request.

/** A channel's (or a past live's) rule: the mode and what it names. `ownerId`: the streamer, who always passes. */
interface AccessRule<Mode extends string> {
  mode: Mode;
  eventId: number | null;
  tournamentId: number | null;
  ownerId: number;
}

/** Why a viewer is kept out, and so what lets them in: logging in, a ticket of the event, entering the tournament, following the channel. */
type AccessReason = "login" | "ticket" | "entry" | "follow";

interface AccessVerdict {
  allowed: boolean;
  reason: AccessReason | null;
}

const ALLOWED: AccessVerdict = { allowed: true, reason: null };

/** May this viewer (undefined: a visitor) see the picture a rule protects, now. */
export function watchVerdict(db: DbOrTransaction, rule: AccessRule<WatchAccess>, viewer: User | undefined): Promise<AccessVerdict> {
  return verdict(db, rule, viewer);
}

/** May this member write in a chat under this rule, now (slow mode and bans are the chat's own checks). */
function chatVerdict(db: DbOrTransaction, rule: AccessRule<ChatAccess>, writer: User): Promise<AccessVerdict> {
  return verdict(db, rule, writer);
}

async function verdict(db: DbOrTransaction, rule: AccessRule<WatchAccess | ChatAccess>, viewer: User | undefined): Promise<AccessVerdict> {
  if (rule.mode === "everyone") return ALLOWED;
  // The streamer, site moderators and admins always see and write: they answer for the channel.
  if (isOwner(viewer, rule.ownerId) || isStaff(viewer)) return ALLOWED;
  if (!viewer) return { allowed: false, reason: "login" };
  if (rule.mode === "members") return ALLOWED;
  if (rule.mode === "followers") return (await follows(db, viewer.id, rule.ownerId)) ? ALLOWED : { allowed: false, reason: "follow" };
  if (rule.mode === "ticket") return rule.eventId !== null && (await holdsTicket(db, viewer, rule.eventId)) ? ALLOWED : { allowed: false, reason: "ticket" };
  return rule.tournamentId !== null && (await isEntrant(db, viewer, rule.tournamentId)) ? ALLOWED : { allowed: false, reason: "entry" };
}

/** A valid (not refunded) ticket of the event; its organiser counts as holding one. */
async function holdsTicket(db: DbOrTransaction, viewer: User, eventId: number): Promise<boolean> {
  const [ticket, event] = await Promise.all([
    db.selectFrom("ticket").select("id").where("event_id", "=", eventId).where("user_id", "=", viewer.id).where("status", "=", "valid").executeTakeFirst(),
    db.selectFrom("event").select("created_by").where("id", "=", eventId).executeTakeFirst(),
  ]);
  return ticket !== undefined || (event !== undefined && isOwner(viewer, event.created_by));
}

/** An approved player of the tournament; its organiser counts as one. */
async function isEntrant(db: DbOrTransaction, viewer: User, tournamentId: number): Promise<boolean> {
  const [player, tournament] = await Promise.all([
    db.selectFrom("tournament_player").select("id").where("tournament_id", "=", tournamentId).where("user_id", "=", viewer.id).where("status", "=", "approved").executeTakeFirst(),
    db.selectFrom("tournament").select("admin_id").where("id", "=", tournamentId).executeTakeFirst(),
  ]);
  return player !== undefined || (tournament !== undefined && isOwner(viewer, tournament.admin_id));
}

async function follows(db: DbOrTransaction, followerId: number, followedId: number): Promise<boolean> {
  const row = await db.selectFrom("follow").select("follower_id").where("follower_id", "=", followerId).where("followed_id", "=", followedId).executeTakeFirst();
  return row !== undefined;
}

/** The events and tournaments a member may name in their channel's rules (docs/decisions.md, "Restricted lives"). */
export async function accessChoices(db: DbOrTransaction, user: User): Promise<{ events: { id: number; name: string }[]; tournaments: { id: number; name: string }[] }> {
  const [organised, assigned, run, stationed] = await Promise.all([
    db.selectFrom("event").select(["id", "name", "tournament_id"]).where("created_by", "=", user.id).execute(),
    db.selectFrom("event").innerJoin("assignment", "assignment.event_id", "event.id").select(["event.id", "event.name", "event.tournament_id"]).where("assignment.streamer_id", "=", user.id).execute(),
    db.selectFrom("tournament").select(["id", "name"]).where("admin_id", "=", user.id).execute(),
    db
      .selectFrom("tournament")
      .innerJoin("tournament_station", "tournament_station.tournament_id", "tournament.id")
      .select(["tournament.id", "tournament.name"])
      .where("tournament_station.streamer_id", "=", user.id)
      .execute(),
  ]);
  const events = uniqueById([...organised, ...assigned]);
  const linkedIds = events.map((event) => event.tournament_id).filter((id): id is number => id !== null);
  const linked = linkedIds.length ? await db.selectFrom("tournament").select(["id", "name"]).where("id", "in", linkedIds).execute() : [];
  return {
    events: events.map(({ id, name }) => ({ id, name })),
    tournaments: uniqueById([...run, ...stationed, ...linked]).map(({ id, name }) => ({ id, name })),
  };
}

function uniqueById<T extends { id: number }>(rows: T[]): T[] {
  return [...new Map(rows.map((row) => [row.id, row])).values()].sort((a, b) => b.id - a.id);
}

/** A channel found by its streamer's name, with the rule for watching it. */
export interface NamedChannel {
  channelId: number;
  rule: AccessRule<WatchAccess>;
}

/**
 * The channel a name belongs to now; undefined for a name nobody holds. Live files are found through it (their
 * folder is the channel's id, never the name), so an old name after a rename or a deletion reaches nothing.
 */
async function channelNamed(db: DbOrTransaction, username: string): Promise<NamedChannel | undefined> {
  const row = await db
    .selectFrom("channel")
    .innerJoin("user", "user.id", "channel.user_id")
    .select(["channel.id", "channel.watch_access", "channel.watch_event_id", "channel.watch_tournament_id", "channel.user_id"])
    .where("user.username", "=", username)
    .executeTakeFirst();
  return row && { channelId: row.id, rule: { mode: row.watch_access, eventId: row.watch_event_id, tournamentId: row.watch_tournament_id, ownerId: row.user_id } };
}

/**
 * How long a node reuses a name's channel and its watch rule (its mode and what it names, never a verdict): asking
 * the database on every playlist and segment cost ~54 µs, more than the whole answer of a cached file
 * (~38 µs, docs/decisions.md "Viewers of one stream"). A rule or a name changed on this node is forgotten at once
 * (forgetChannelName); on another node it is seen within this time. Who holds a ticket is still read on
 * every request.
 */
const RULE_REUSE_MS = 1000;
const FORGET_RULES_ABOVE = 10_000;
const reusedChannels = new WeakMap<DbOrTransaction, Map<string, { channel: NamedChannel | undefined; until: number }>>();

/** channelNamed, reused for up to a second per name (the verdict built on its rule is not). */
export async function currentChannelNamed(db: DbOrTransaction, username: string): Promise<NamedChannel | undefined> {
  let channels = reusedChannels.get(db);
  if (!channels) reusedChannels.set(db, (channels = new Map()));
  const now = performance.now();
  const reused = channels.get(username);
  if (reused && reused.until > now) return reused.channel;
  const channel = await channelNamed(db, username);
  if (channels.size >= FORGET_RULES_ABOVE) channels.clear();
  channels.set(username, { channel, until: now + RULE_REUSE_MS });
  return channel;
}

/** A streamer changed their rule or left a name: this node asks the database again at the next request for it. */
export function forgetChannelName(db: DbOrTransaction, username: string): void {
  reusedChannels.get(db)?.delete(username);
}

/** The watch rule a past live ran under, which its replays keep. */
export async function watchRuleOfSession(db: DbOrTransaction, sessionId: number): Promise<AccessRule<WatchAccess> | undefined> {
  const row = await db
    .selectFrom("live_session")
    .innerJoin("channel", "channel.id", "live_session.channel_id")
    .select(["live_session.watch_access", "live_session.watch_event_id", "live_session.watch_tournament_id", "channel.user_id"])
    .where("live_session.id", "=", sessionId)
    .executeTakeFirst();
  return row && { mode: row.watch_access, eventId: row.watch_event_id, tournamentId: row.watch_tournament_id, ownerId: row.user_id };
}

/**
 * What a past live's picture carries (its replays, match replays, clips) is seen only by those that
 * live let watch. Throws the refusal, or says whether the picture is restricted (so answers are not cached).
 */
export async function assertMayWatchSession(db: DbOrTransaction, sessionId: number | null, viewer: User | undefined): Promise<{ restricted: boolean }> {
  const rule = sessionId === null ? undefined : await watchRuleOfSession(db, sessionId);
  if (!rule || rule.mode === "everyone") return { restricted: false };
  await assertMayWatch(db, rule, viewer);
  return { restricted: true };
}

/** Whether `viewer` may watch what a live session left (its replay), by the same verdict as assertMayWatchSession. */
export async function mayWatchSession(db: DbOrTransaction, sessionId: number | null, viewer: User | undefined): Promise<boolean> {
  const rule = sessionId === null ? undefined : await watchRuleOfSession(db, sessionId);
  return !rule || rule.mode === "everyone" || (await watchVerdict(db, rule, viewer)).allowed;
}

const REFUSALS = { login: "live_login_required", ticket: "live_ticket_required", entry: "live_entry_required" } as const;

/** Throws the refusal a carrier answers with (403, its reason in `reason`), or returns when the viewer may see. */
export async function assertMayWatch(db: DbOrTransaction, rule: AccessRule<WatchAccess>, viewer: User | undefined): Promise<void> {
  const { allowed, reason } = await watchVerdict(db, rule, viewer);
  // Watching has no "followers" mode (chat only), so its reasons are these three.
  if (!allowed && reason && reason !== "follow") throw new AppError(403, REFUSALS[reason], { extra: { reason } });
}

const CHAT_REFUSALS = { login: "chat_login_required", follow: "chat_followers_only", ticket: "chat_ticket_only", entry: "chat_entrants_only" } as const;

/** Throws the translated refusal of a chat message its channel's chat rule keeps out. */
export async function assertMayChat(
  db: DbOrTransaction,
  channel: { user_id: number; chat_access: ChatAccess; chat_event_id: number | null; chat_tournament_id: number | null },
  writer: User,
): Promise<void> {
  const rule = { mode: channel.chat_access, eventId: channel.chat_event_id, tournamentId: channel.chat_tournament_id, ownerId: channel.user_id };
  const { allowed, reason } = await chatVerdict(db, rule, writer);
  if (!allowed && reason) throw new AppError(403, CHAT_REFUSALS[reason]);
}

/** The event or tournament a rule names, to link to: where to buy a ticket or to register. A private event stays unnamed to those it does not concern. */
export async function ruleTargets(db: DbOrTransaction, rule: { mode: string; eventId: number | null; tournamentId: number | null }, viewer: User | undefined) {
  const [eventRow, tournament] = await Promise.all([
    rule.mode === "ticket" && rule.eventId !== null ? db.selectFrom("event").selectAll().where("id", "=", rule.eventId).executeTakeFirst() : undefined,
    rule.mode === "entrants" && rule.tournamentId !== null ? db.selectFrom("tournament").select(["id", "name"]).where("id", "=", rule.tournamentId).executeTakeFirst() : undefined,
  ]);
  const event = eventRow && (await canSeeEvent(db, eventRow, viewer)) ? { id: eventRow.id, slug: eventRow.slug, name: eventRow.name } : null;
  return { mode: rule.mode, event, tournament: tournament ?? null };
}

/**
 * What a chat's input says before anyone types (issue 18, item 4): its rule, whether this reader may
 * write under it and, if not, what lets them in. A visitor is told to log in. The message itself is
 * checked again when sent (assertMayChat).
 */
export async function chatRuleFor(
  db: DbOrTransaction,
  channel: { user_id: number; chat_access: ChatAccess; chat_event_id: number | null; chat_tournament_id: number | null },
  reader: User | undefined,
) {
  const rule = { mode: channel.chat_access, eventId: channel.chat_event_id, tournamentId: channel.chat_tournament_id, ownerId: channel.user_id };
  const [verdict, targets] = await Promise.all([reader ? chatVerdict(db, rule, reader) : { allowed: false, reason: "login" as const }, ruleTargets(db, rule, reader)]);
  return { ...verdict, ...targets };
}
