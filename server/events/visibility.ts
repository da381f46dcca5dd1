import type { EventRow, User } from "../../db/types.ts";
import { NotFoundError } from "../http/errors.ts";
import type { DbOrTransaction } from "../../db/index.ts";

/**
 * The one rule for who sees an event, used by its page, its participants, its ticket types, its
 * calendar file, registration and ticket sales alike. A published public event is seen by everyone.
 * A draft or a private event is seen by its organiser and admins, and a private one also by the people
 * it already concerns: its registrants, its ticket holders and the streamers assigned to it. Anyone
 * else is told it does not exist, so that a private event's name and people stay private.
 */
/** Who acts for an event (edits it, decides on registrations, sees its tickets, checks them in): its organiser and admins. */
export function canManageEvent(user: User | undefined, event: Pick<EventRow, "created_by">): boolean {
  return Boolean(user && (user.id === event.created_by || user.role === "admin"));
}

export async function canSeeEvent(db: DbOrTransaction, event: EventRow, viewer: User | undefined): Promise<boolean> {
  if (canManageEvent(viewer, event)) return true;
  if (event.status === "draft") return false;
  if (event.is_public) return true;
  return viewer !== undefined && (await concerns(db, event.id, viewer.id));
}

export async function assertCanSeeEvent(db: DbOrTransaction, event: EventRow, viewer: User | undefined): Promise<void> {
  if (!(await canSeeEvent(db, event, viewer))) throw new NotFoundError("event_not_found");
}

async function concerns(db: DbOrTransaction, eventId: number, userId: number): Promise<boolean> {
  const [registration, ticket, assignment] = await Promise.all([
    db.selectFrom("event_participant").select("id").where("event_id", "=", eventId).where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("ticket").select("id").where("event_id", "=", eventId).where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("assignment").select("id").where("event_id", "=", eventId).where("streamer_id", "=", userId).executeTakeFirst(),
  ]);
  return Boolean(registration || ticket || assignment);
}
