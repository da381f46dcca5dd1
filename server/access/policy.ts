import type { DbOrTransaction } from "../../db/index.ts";
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { DB, EventRow, Role, User } from "../../db/types.ts";
import { AppError, ForbiddenError, NotFoundError } from "../http/errors.ts";

// Who may see or change what: the one place every domain asks. Each answer takes the caller (undefined
// for a visitor) and the few columns of the thing that decide it, so the rule reads the same everywhere.

export function isAdmin(user: User | undefined): boolean {
  return user?.role === "admin";
}

/** Site moderators and admins: they handle reports, moderate every chat and enter events free. */
export function isStaff(user: User | undefined): boolean {
  return user?.role === "moderator" || user?.role === "admin";
}

/** The member who made or holds a thing (an event's organiser, a wallet's holder…), or the member a request names. */
export function isOwner(user: User | undefined, ownerId: number): boolean {
  return user?.id === ownerId;
}

/** The owner of a thing, or an admin: who may change it. */
export function ownsOrAdmin(user: User | undefined, ownerId: number): boolean {
  return isOwner(user, ownerId) || isAdmin(user);
}

// Accounts

/** Only an admin changes roles, edits the legal texts, credits a wallet or restores deleted things. */
export const canAdminister = isAdmin;

/** A wallet, its balance and its ledger: its holder and admins; anyone else is told it does not exist. */
export function canSeeWallet(user: User | undefined, holderId: number): boolean {
  return ownsOrAdmin(user, holderId);
}

/**
 * Who may suspend whom, the one rule of the admin console and the moderation queue alike (issue 35):
 * site moderators suspend members (viewers, streamers, organisers), admins moderators too; nobody
 * suspends themselves, nor an admin, who is demoted first (as on Twitch, where a moderator cannot ban
 * another moderator, and so a site never loses its last admin by a click). Null when allowed, else
 * why not, in the order a caller would want to be told.
 */
function suspensionRefusal(actor: User | undefined, target: { id: number; role: Role }): AppError | null {
  if (!isStaff(actor)) return new ForbiddenError();
  if (isOwner(actor, target.id)) return new ForbiddenError("cannot_suspend_self");
  if (target.role === "admin") return new AppError(409, "cannot_suspend_admin");
  if (target.role === "moderator" && !isAdmin(actor)) return new ForbiddenError("cannot_suspend_moderator");
  return null;
}

export function assertCanSuspend(actor: User | undefined, target: { id: number; role: Role }): void {
  const refusal = suspensionRefusal(actor, target);
  if (refusal) throw refusal;
}

// Channels, chat and replays

/** The channel's streamer, site moderators and admins moderate a chat. */
export function canModerateChat(user: User | undefined, channel: { user_id: number }): boolean {
  return isOwner(user, channel.user_id) || isStaff(user);
}

/** A deleted replay is seen (and restored) by admins only; to anyone else it does not exist. */
export function canSeeDeletedReplay(user: User | undefined): boolean {
  return isAdmin(user);
}

/** A clip is removed by its author, the channel's streamer, site moderators and admins (issue 19, item 4). */
export function canDeleteClip(user: User | undefined, clip: { user_id: number }, channel: { user_id: number }): boolean {
  return isOwner(user, clip.user_id) || isOwner(user, channel.user_id) || isStaff(user);
}

/** A clip's title is its author's (and an admin's) to change. */
export function canEditClip(user: User | undefined, clip: { user_id: number }): boolean {
  return ownsOrAdmin(user, clip.user_id);
}

// Events

/**
 * Who acts for an event (edits it, decides on registrations, sees its tickets, checks them in, assigns
 * its streamers): its organiser and admins.
 */
export function canManageEvent(user: User | undefined, event: Pick<EventRow, "created_by">): boolean {
  return ownsOrAdmin(user, event.created_by);
}

/** An event's streamer panel is also shown to site moderators (spec 02 §6), who may not change it. */
export function canSeeEventStreamers(user: User | undefined, event: Pick<EventRow, "created_by">): boolean {
  return canManageEvent(user, event) || user?.role === "moderator";
}

/** A streamer sees their own assignments; staff see anyone's. */
export function canSeeAssignmentsOf(user: User | undefined, streamerId: number): boolean {
  return isOwner(user, streamerId) || isStaff(user);
}

/**
 * The one rule for who sees an event, used by its page, the list, its participants, its ticket types,
 * its calendar file, registration and ticket sales alike. A published public event is seen by everyone.
 * A draft or a private event is seen by its organiser and admins, and a private one also by the people
 * it already concerns: its registrants, its ticket holders and the streamers assigned to it. Anyone
 * else is told it does not exist, so that a private event's name and people stay private.
 */
export async function canSeeEvent(db: DbOrTransaction, event: EventRow, viewer: User | undefined): Promise<boolean> {
  if (canManageEvent(viewer, event)) return true;
  if (event.status === "draft") return false;
  if (event.is_public) return true;
  return viewer !== undefined && (await concerns(db, event.id, viewer.id));
}

export async function assertCanSeeEvent(db: DbOrTransaction, event: EventRow, viewer: User | undefined): Promise<void> {
  if (!(await canSeeEvent(db, event, viewer))) throw new NotFoundError("event_not_found");
}

/** The events list shows what everyone may see: public events that are no longer drafts. A condition on `event`, for the list's SQL. */
export function isListedEvent(eb: ExpressionBuilder<DB, "event">): Expression<SqlBool> {
  return eb.and([eb("event.is_public", "=", 1), eb("event.status", "!=", "draft")]);
}

async function concerns(db: DbOrTransaction, eventId: number, userId: number): Promise<boolean> {
  const [registration, ticket, assignment] = await Promise.all([
    db.selectFrom("event_participant").select("id").where("event_id", "=", eventId).where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("ticket").select("id").where("event_id", "=", eventId).where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("assignment").select("id").where("event_id", "=", eventId).where("streamer_id", "=", userId).executeTakeFirst(),
  ]);
  return Boolean(registration || ticket || assignment);
}

// Tournaments: every tournament is public; its organiser (`admin_id`) and admins run it.

export function canManageTournament(user: User | undefined, tournament: { admin_id: number }): boolean {
  return ownsOrAdmin(user, tournament.admin_id);
}

// Webhooks (issue 36): a channel's are its owner's, a tournament's or an event's its organiser's, the site's the admins'.

/** Who manages the webhooks of a thing run by `ownerId` (null: the site's): its owner and admins. */
export function canManageWebhooks(user: User | undefined, ownerId: number | null): boolean {
  return ownerId === null ? isAdmin(user) : ownsOrAdmin(user, ownerId);
}
