import type { EventRow, EventStatus, User } from "../../db/types.ts";
import { assertCanSeeEvent, canManageEvent, isOwner } from "../access/policy.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, ConflictError, ForbiddenError, InvalidError, NotFoundError } from "../http/errors.ts";
import type { Language } from "../i18n/messages.ts";
import { notify } from "../notifications/service.ts";
import { fold } from "../../shared/fold.ts";
import type { DbOrTransaction } from "../../db/index.ts";
import { applyMovement, balanceOf } from "../ledger/ledger.ts";
import { eventCalendar } from "./calendar.ts";
import { creationCost } from "./cost.ts";
import { refundEventTickets } from "./refunds.ts";
import { assertCanRegister, assertQuantitiesFit, seatOffer, seatsHeld } from "./seats.ts";
import { eventCard, searchTextOf } from "./queries.ts";
import { announceOffers, offerFreedPlaces, settleOwnOffer } from "../waitlist/places/offers.ts";
import type { CreateEventInput, UpdateEventInput } from "./schemas.ts";
import { inTransaction } from "../../db/transaction.ts";
import { deleteEventPosts, postEventPublished } from "./event-posts.ts";

const RESERVED_SLUGS = new Set(["categories", "my-events", "joined-events", "create"]);
const PREVIEW_PARTICIPANTS = 10;

async function findEvent(db: DbOrTransaction, where: { slug?: string; id?: number }): Promise<EventRow> {
  let query = db.selectFrom("event").selectAll();
  query = where.id !== undefined ? query.where("id", "=", where.id) : query.where("slug", "=", where.slug ?? "");
  const event = await query.executeTakeFirst();
  if (!event) throw new NotFoundError("event_not_found");
  return event;
}

function assertManager(user: User, event: EventRow): void {
  if (!canManageEvent(user, event)) throw new ForbiddenError("event_manage_forbidden");
}

/** "LAN d'hiver 2026" → "lan-d-hiver-2026", then -2, -3… when taken; reserved words are never slugs. */
async function uniqueSlug(db: DbOrTransaction, name: string): Promise<string> {
  const base =
    fold(name)
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "event";
  for (let n = 1; ; n++) {
    const slug = n === 1 && !RESERVED_SLUGS.has(base) ? base : `${base}-${n}`;
    if (n === 1 && RESERVED_SLUGS.has(base)) continue;
    if (!(await db.selectFrom("event").select("id").where("slug", "=", slug).executeTakeFirst())) return slug;
  }
}

function datesOf(input: { startDate: string; endDate?: string | null }, now: number) {
  const start = Date.parse(input.startDate);
  const end = input.endDate ? Date.parse(input.endDate) : null;
  if (start <= now) throw new InvalidError([{ field: "startDate", code: "event_start_past" }]);
  if (end !== null && end <= start) throw new InvalidError([{ field: "endDate", code: "event_end_before_start" }]);
  return { start, end };
}

/** Checks, prices and debits in one transaction: the event exists if and only if it was paid. */
export async function createEvent(deps: AppDeps, user: User, input: CreateEventInput) {
  const now = deps.now();
  await assertCategoryExists(deps.db, input.categoryId);
  const { start, end } = datesOf(input, now);
  if (input.tournamentId) await assertTournamentExists(deps.db, input.tournamentId);
  const cost = creationCost(input.categoryId, start, end, input.maxParticipants ?? null);
  const event = await inTransaction(deps.db, async (trx) => {
    if ((await balanceOf(trx, user.id)) < cost) throw new AppError(402, "event_insufficient_coins", { params: { cost }, extra: { cost } });
    const inserted = await trx
      .insertInto("event")
      .values({
        slug: await uniqueSlug(trx, input.name),
        name: input.name,
        description: input.description,
        category_id: input.categoryId,
        start_date: start,
        end_date: end,
        max_participants: input.maxParticipants ?? null,
        ticket_price: input.ticketPrice,
        cover_image: input.coverImage || null,
        is_public: input.isPublic ? 1 : 0,
        requires_approval: input.requiresApproval ? 1 : 0,
        created_by: user.id,
        location: input.location,
        search_text: searchTextOf(input),
        rules: input.rules,
        tournament_id: input.tournamentId ?? null,
        creation_cost: cost,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await applyMovement(
      trx,
      { userId: user.id, amount: -cost, type: "event_creation", description: { code: "event_creation", params: { event: input.name } }, refType: "event", refId: inserted.id },
      now,
    );
    return inserted;
  });
  return { event, cost };
}

/**
 * An edit changes only the fields it names. The creation cost follows the event: a change of
 * category, seats or duration is charged (or refunded) by the difference, in the same transaction as
 * the change, so a cheap event cannot be made big for free afterwards.
 */
export async function updateEvent(deps: AppDeps, user: User, slug: string, input: UpdateEventInput): Promise<EventRow> {
  const event = await findEvent(deps.db, { slug });
  assertManager(user, event);
  const now = deps.now();
  const start = input.startDate ? Date.parse(input.startDate) : event.start_date;
  const end = input.endDate === undefined ? event.end_date : input.endDate ? Date.parse(input.endDate) : null;
  // The form sends the start back to the minute: only a real move counts as a new start date.
  const moved = Math.abs(start - event.start_date) >= 60_000;
  if (moved && start <= now) throw new InvalidError([{ field: "startDate", code: "event_start_past" }]);
  if (end !== null && end <= start) throw new InvalidError([{ field: "endDate", code: "event_end_before_start" }]);
  if (input.categoryId !== undefined) await assertCategoryExists(deps.db, input.categoryId);
  if (input.tournamentId) await assertTournamentExists(deps.db, input.tournamentId);
  const maxParticipants = input.maxParticipants === undefined ? event.max_participants : input.maxParticipants;
  // Seats promised by running waiting-list offers count as taken: the limit cannot drop below them either.
  if (maxParticipants !== null && maxParticipants < (await seatsHeld(deps.db, event.id, now))) throw new InvalidError([{ field: "maxParticipants", code: "event_max_below_registered" }]);
  await assertQuantitiesFit(deps.db, event.id, maxParticipants);
  const cost = creationCost(input.categoryId ?? event.category_id, start, end, maxParticipants);
  const { updated, unposted } = await inTransaction(deps.db, async (trx) => {
    await settleCreationCost(trx, user, event, cost, now);
    const row = await trx
      .updateTable("event")
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.categoryId !== undefined ? { category_id: input.categoryId } : {}),
        ...(input.ticketPrice !== undefined ? { ticket_price: input.ticketPrice } : {}),
        ...(input.coverImage !== undefined ? { cover_image: input.coverImage || null } : {}),
        ...(input.isPublic !== undefined ? { is_public: input.isPublic ? 1 : 0 } : {}),
        ...(input.requiresApproval !== undefined ? { requires_approval: input.requiresApproval ? 1 : 0 } : {}),
        ...(input.location !== undefined ? { location: input.location } : {}),
        search_text: searchTextOf({ name: input.name ?? event.name, description: input.description ?? event.description, location: input.location ?? event.location }),
        ...(input.rules !== undefined ? { rules: input.rules } : {}),
        ...(input.tournamentId !== undefined ? { tournament_id: input.tournamentId } : {}),
        max_participants: maxParticipants,
        start_date: start,
        end_date: end,
        creation_cost: cost,
        updated_at: now,
      })
      .where("id", "=", event.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A raised seat limit (or a later start) frees seats for the waiting list.
    await offerFreedPlaces(trx, deps.places, { kind: "event", id: event.id }, now);
    // Made private, it is gone from the fediverse as from the site: its posts go (issue 38, item 3).
    const unposted = event.is_public === 1 && row.is_public === 0 ? await deleteEventPosts(deps, trx, event) : 0;
    return { updated: row, unposted };
  });
  await announceOffers(deps);
  if (unposted > 0) deps.bus.emit("federation:queued", {});
  return updated;
}

/** Charges the organiser what an edit adds to the creation cost, or refunds what it takes off. The event's owner pays, even when an admin edits. */
async function settleCreationCost(trx: DbOrTransaction, editor: User, event: EventRow, cost: number, now: number): Promise<void> {
  const difference = cost - event.creation_cost;
  if (difference === 0) return;
  const movement = { userId: event.created_by, refType: "event", refId: event.id };
  if (difference < 0) {
    await applyMovement(trx, { ...movement, amount: -difference, type: "refund", description: { code: "event_cost_adjusted", params: { event: event.name } } }, now);
    return;
  }
  if ((await balanceOf(trx, event.created_by)) < difference) {
    throw new AppError(402, isOwner(editor, event.created_by) ? "event_edit_insufficient_coins" : "event_edit_owner_insufficient_coins", { params: { cost: difference }, extra: { cost: difference } });
  }
  await applyMovement(trx, { ...movement, amount: -difference, type: "event_creation", description: { code: "event_cost_adjusted", params: { event: event.name } } }, now);
}

async function assertCategoryExists(db: DbOrTransaction, categoryId: number): Promise<void> {
  const category = await db.selectFrom("event_category").select("id").where("id", "=", categoryId).executeTakeFirst();
  if (!category) throw new InvalidError([{ field: "categoryId", code: "event_category_required" }]);
}

async function assertTournamentExists(db: DbOrTransaction, tournamentId: number): Promise<void> {
  const tournament = await db.selectFrom("tournament").select("id").where("id", "=", tournamentId).executeTakeFirst();
  if (!tournament) throw new InvalidError([{ field: "tournamentId", code: "tournament_not_found" }]);
}

const TRANSITIONS: Record<EventStatus, EventStatus[]> = {
  draft: ["published", "cancelled"],
  published: ["active", "cancelled", "draft"],
  active: ["completed", "cancelled"],
  completed: [],
  cancelled: [],
};

/** draft → published → active → completed; any → cancelled, which refunds every ticket. */
export async function changeStatus(deps: AppDeps, user: User, eventId: number, status: EventStatus): Promise<EventRow> {
  const event = await findEvent(deps.db, { id: eventId });
  assertManager(user, event);
  if (status === event.status) return event;
  if (!TRANSITIONS[event.status].includes(status)) throw new ConflictError([{ field: "status", code: "event_status_invalid" }]);
  const { changed, federated } = await inTransaction(deps.db, async (trx) => {
    if (status === "cancelled") await refundEventTickets(trx, event, deps);
    const changed = await trx.updateTable("event").set({ status, updated_at: deps.now() }).where("id", "=", event.id).returningAll().executeTakeFirstOrThrow();
    // Published again, its freed seats are offered; over or cancelled, its waiting list closes.
    await offerFreedPlaces(trx, deps.places, { kind: "event", id: event.id }, deps.now());
    return { changed, federated: await federateStatus(deps, trx, changed) };
  });
  await announceOffers(deps);
  if (federated) deps.bus.emit("federation:queued", {});
  return changed;
}

/**
 * What a new status tells the fediverse (issue 38, item 3): published, a post; cancelled (deleted) or back to draft,
 * its posts go. Returns whether anything was queued.
 */
async function federateStatus(deps: AppDeps, trx: DbOrTransaction, event: EventRow): Promise<boolean> {
  if (event.status === "published") return postEventPublished(deps, trx, event);
  if (event.status === "cancelled" || event.status === "draft") return (await deleteEventPosts(deps, trx, event)) > 0;
  return false;
}

/** The seat rule (seats.ts) checked inside the transaction, so the last seat goes once. */
export async function register(deps: AppDeps, user: User, eventId: number): Promise<"pending" | "approved"> {
  return inTransaction(deps.db, (trx) => registerInTransaction(trx, user, eventId, deps.now()));
}

/** The registration inside the caller's transaction: the route's, or a waiting-list offer's accept (server/waitlist/). */
export async function registerInTransaction(trx: DbOrTransaction, user: User, eventId: number, now: number): Promise<"pending" | "approved"> {
  const event = await findEvent(trx, { id: eventId });
  await assertCanSeeEvent(trx, event, user);
  await assertCanRegister(trx, event, user, now);
  const status = event.requires_approval ? "pending" : "approved";
  const inserted = await trx
    .insertInto("event_participant")
    .values({ event_id: eventId, user_id: user.id, status, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new ConflictError([{ field: "eventId", code: "event_already_registered" }]);
  await settleOwnOffer(trx, { kind: "event", id: eventId }, user.id, now);
  return status;
}

/** A withdrawn registration frees its seat (unless a ticket holds it): the waiting list offers it on. */
export async function unregister(deps: AppDeps, user: User, eventId: number): Promise<void> {
  await findEvent(deps.db, { id: eventId });
  await inTransaction(deps.db, async (trx) => {
    await trx.deleteFrom("event_participant").where("event_id", "=", eventId).where("user_id", "=", user.id).execute();
    await offerFreedPlaces(trx, deps.places, { kind: "event", id: eventId }, deps.now());
  });
  await announceOffers(deps);
}

/** Rejecting someone who holds tickets refunds them in the same step: a refused person keeps no seat. */
export async function setParticipantStatus(deps: AppDeps, user: User, eventId: number, participantId: number, status: "pending" | "approved" | "rejected"): Promise<void> {
  const event = await findEvent(deps.db, { id: eventId });
  assertManager(user, event);
  const participant = await inTransaction(deps.db, async (trx) => {
    const updated = await trx.updateTable("event_participant").set({ status }).where("id", "=", participantId).where("event_id", "=", eventId).returning("user_id").executeTakeFirst();
    if (updated && status === "rejected") await refundEventTickets(trx, event, deps, updated.user_id);
    await offerFreedPlaces(trx, deps.places, { kind: "event", id: eventId }, deps.now());
    return updated;
  });
  if (!participant) throw new NotFoundError("participant_not_found");
  await announceOffers(deps);
  if (status !== "pending") {
    await notify(deps, [participant.user_id], {
      type: status === "approved" ? "event_registration_approved" : "event_registration_rejected",
      actorId: user.id,
      link: `/events/${event.slug}`,
      data: { event: event.name },
    });
  }
}

export async function listParticipants(deps: AppDeps, viewer: User | undefined, eventId: number) {
  const event = await findEvent(deps.db, { id: eventId });
  await assertCanSeeEvent(deps.db, event, viewer);
  const manager = canManageEvent(viewer, event);
  const rows = await deps.db
    .selectFrom("event_participant")
    .innerJoin("user", "user.id", "event_participant.user_id")
    .select([
      "event_participant.id",
      "event_participant.user_id",
      "event_participant.status",
      "event_participant.created_at",
      "user.username",
      "user.first_name",
      "user.last_name",
      "user.email",
      "user.avatar",
    ])
    .where("event_participant.event_id", "=", eventId)
    .orderBy("event_participant.created_at")
    .execute();
  return rows
    .filter((row) => manager || row.status === "approved")
    .map((row) => ({
      id: row.id,
      userId: row.user_id,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      user: { name: `${row.first_name} ${row.last_name}`.trim() || row.username, username: row.username, email: manager ? row.email : "", profilePicture: row.avatar },
    }));
}

/** Drafts and private events are seen only by their organiser (and admins). */
export async function getEvent(deps: AppDeps, slug: string, lang: Language, viewer?: User) {
  const event = await findEvent(deps.db, { slug });
  await assertCanSeeEvent(deps.db, event, viewer);
  const participants = await listParticipants(deps, viewer, event.id);
  const offer = viewer ? await seatOffer(deps.db, event, viewer, deps.now()) : { registration: null, purchase: null };
  return {
    ...(await eventCard(deps, event, lang, viewer)),
    participants: participants.slice(0, PREVIEW_PARTICIPANTS),
    participantCount: participants.length,
    /** Why the viewer could not register or buy now (an errors code), null where they can. */
    registrationRefusal: offer.registration,
    purchaseRefusal: offer.purchase,
  };
}

export async function listCategories(deps: AppDeps, lang: Language) {
  const rows = await deps.db.selectFrom("event_category").selectAll().orderBy("id").execute();
  return rows.map((c) => ({ id: c.id, name: lang === "en" ? c.name_en : c.name_fr, icon: c.icon, color: c.color, slug: c.slug, multiplier: c.multiplier }));
}

/** Deleting cancels: every ticket is refunded to its buyer, the event stays on record as cancelled. */
export async function deleteEvent(deps: AppDeps, user: User, slug: string): Promise<void> {
  const event = await findEvent(deps.db, { slug });
  await changeStatus(deps, user, event.id, "cancelled");
}

export async function publishEvent(deps: AppDeps, user: User, slug: string): Promise<EventRow> {
  const event = await findEvent(deps.db, { slug });
  return changeStatus(deps, user, event.id, "published");
}

/** The event as an .ics file (Add to calendar), for those who may see it. */
export async function eventCalendarFile(deps: AppDeps, slug: string, viewer: User | undefined): Promise<string> {
  const event = await findEvent(deps.db, { slug });
  await assertCanSeeEvent(deps.db, event, viewer);
  return eventCalendar(event, deps.config.publicUrl, deps.now());
}
