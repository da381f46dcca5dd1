import type { User } from "../../db/types.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { canManageEvent, canSeeAssignmentsOf, canSeeEventStreamers } from "../access/policy.ts";
import type { AppDeps } from "../http/context.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../http/errors.ts";

/**
 * The streamer panel is shown to the event's owner, admins and moderators (spec 02 §6), but an
 * assignment lets its streamer in free: only the owner or an admin makes or removes one.
 */
async function eventForManager(deps: AppDeps, user: User, eventId: number, access: "read" | "write") {
  const event = await deps.db.selectFrom("event").select(["id", "name", "start_date", "created_by"]).where("id", "=", eventId).executeTakeFirst();
  if (!event) throw new NotFoundError("event_not_found");
  const allowed = access === "read" ? canSeeEventStreamers(user, event) : canManageEvent(user, event);
  if (!allowed) throw new ForbiddenError("event_manage_forbidden");
  return event;
}

function assignmentRows(deps: AppDeps) {
  return deps.db
    .selectFrom("assignment")
    .innerJoin("user", "user.id", "assignment.streamer_id")
    .innerJoin("event", "event.id", "assignment.event_id")
    .select([
      "assignment.id",
      "assignment.event_id",
      "assignment.streamer_id",
      "assignment.role",
      "assignment.notes",
      "assignment.assigned_at",
      "user.username",
      "user.role as user_role",
      "user.avatar",
      "event.name as event_name",
      "event.start_date",
      "event.slug",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof assignmentRows>["executeTakeFirstOrThrow"]>>;

function toAssignment(row: Row) {
  return {
    id: row.id,
    eventId: row.event_id,
    streamerId: row.streamer_id,
    role: row.role,
    notes: row.notes,
    assignedAt: new Date(row.assigned_at).toISOString(),
    streamer: { username: row.username, role: row.user_role, avatar: row.avatar },
    event: { name: row.event_name, startDate: new Date(row.start_date).toISOString(), slug: row.slug },
  };
}

export async function assign(deps: AppDeps, user: User, input: { eventId: number; streamerId: number; role: "main_streamer" | "co_streamer" | "backup_streamer"; notes: string }) {
  await eventForManager(deps, user, input.eventId, "write");
  const streamer = await deps.db.selectFrom("user").select(["id", "role"]).where("id", "=", input.streamerId).where("suspended_at", "is", null).executeTakeFirst();
  if (!streamer) throw new NotFoundError("user_not_found");
  if (streamer.role !== "streamer") throw new ConflictError([{ field: "streamerId", code: "assignment_not_streamer" }]);
  try {
    const { id } = await deps.db
      .insertInto("assignment")
      .values({ event_id: input.eventId, streamer_id: input.streamerId, role: input.role, notes: input.notes, assigned_by: user.id, assigned_at: deps.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return toAssignment(await assignmentRows(deps).where("assignment.id", "=", id).executeTakeFirstOrThrow());
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError([{ field: "streamerId", code: "assignment_exists" }]);
    throw error;
  }
}

export async function unassign(deps: AppDeps, user: User, id: number): Promise<void> {
  const row = await deps.db.selectFrom("assignment").select("event_id").where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("assignment_not_found");
  await eventForManager(deps, user, row.event_id, "write");
  await deps.db.deleteFrom("assignment").where("id", "=", id).execute();
}

export async function eventAssignments(deps: AppDeps, user: User, eventId: number) {
  await eventForManager(deps, user, eventId, "read");
  return (await assignmentRows(deps).where("assignment.event_id", "=", eventId).orderBy("assignment.assigned_at").execute()).map(toAssignment);
}

/** A streamer sees their own assignments; managers (admins, moderators) anyone's. */
export async function streamerAssignments(deps: AppDeps, user: User, streamerId: number) {
  if (!canSeeAssignmentsOf(user, streamerId)) throw new ForbiddenError();
  return (await assignmentRows(deps).where("assignment.streamer_id", "=", streamerId).orderBy("event.start_date").execute()).map(toAssignment);
}

export async function checkAssignment(deps: AppDeps, eventId: number, userId: number) {
  const row = await deps.db.selectFrom("assignment").select("role").where("event_id", "=", eventId).where("streamer_id", "=", userId).executeTakeFirst();
  return { isAssigned: Boolean(row), role: row?.role ?? null };
}

/** People who stream here: the streamer role, or anyone who has gone live at least once. */
export async function listStreamers(deps: AppDeps) {
  const rows = await deps.db
    .selectFrom("user")
    .leftJoin("channel", "channel.user_id", "user.id")
    .select(["user.id", "user.username", "user.role", "user.avatar", "user.verified"])
    .where("user.suspended_at", "is", null)
    .where((eb) => eb.or([eb("user.role", "=", "streamer"), eb.exists(eb.selectFrom("live_session").select("live_session.id").whereRef("live_session.channel_id", "=", "channel.id"))]))
    .orderBy("user.username")
    .execute();
  return rows.map((row) => ({ id: row.id, _id: row.id, username: row.username, role: row.role, avatar: row.avatar, verified: row.verified === 1 }));
}
