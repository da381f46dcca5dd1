import type { DbOrTransaction } from "../../db/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import type { User, WaitlistStatus } from "../../db/types.ts";
import { assertCanSeeEvent, canManageEvent, canManageTournament, isOwner } from "../access/policy.ts";
import { registerInTransaction } from "../events/service.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, ConflictError, ForbiddenError, NotFoundError } from "../http/errors.ts";
import type { Language } from "../i18n/messages.ts";
import { announceSale, type BoughtTicket, buyTicket } from "../tickets/service.ts";
import { slotsHeld } from "../tournaments/records.ts";
import { type Place, announceOffers, freePlaces, holdMinutes, offerFreedPlaces, placeState } from "./places/offers.ts";

// What members and organisers do with a waiting list; the rule itself is in offers.ts.

/** Who the place belongs to, and whether `viewer` may see it (a private event is not shown to strangers). */
async function loadPlace(db: DbOrTransaction, place: Place, viewer: User | undefined): Promise<{ manager: boolean; ownerId: number }> {
  if (place.kind === "event") {
    const event = await db.selectFrom("event").selectAll().where("id", "=", place.id).executeTakeFirst();
    if (!event) throw new NotFoundError("event_not_found");
    await assertCanSeeEvent(db, event, viewer);
    return { manager: canManageEvent(viewer, event), ownerId: event.created_by };
  }
  const tournament = await db.selectFrom("tournament").select(["id", "admin_id"]).where("id", "=", place.id).executeTakeFirst();
  if (!tournament) throw new NotFoundError("tournament_not_found");
  return { manager: canManageTournament(viewer, tournament), ownerId: tournament.admin_id };
}

async function assertManages(db: DbOrTransaction, place: Place, user: User): Promise<void> {
  if (!(await loadPlace(db, place, user)).manager) throw new ForbiddenError("waitlist_manage_forbidden");
}

/** A seat or slot the member already holds: a valid ticket, a live registration, an approved entry. */
async function holdsPlace(db: DbOrTransaction, place: Place, userId: number): Promise<boolean> {
  if (place.kind === "event") {
    const registration = await db.selectFrom("event_participant").select("status").where("event_id", "=", place.id).where("user_id", "=", userId).executeTakeFirst();
    if (registration?.status === "rejected") throw new ConflictError([{ field: "eventId", code: "event_registration_rejected" }]);
    const ticket = await db.selectFrom("ticket").select("id").where("event_id", "=", place.id).where("user_id", "=", userId).where("status", "=", "valid").executeTakeFirst();
    return registration !== undefined || ticket !== undefined;
  }
  const player = await db.selectFrom("tournament_player").select("status").where("tournament_id", "=", place.id).where("user_id", "=", userId).executeTakeFirst();
  return player?.status === "approved";
}

type Entry = { id: number; user_id: number; status: WaitlistStatus; rank: number; expires_at: number | null };

async function openEntry(db: DbOrTransaction, place: Place, userId: number): Promise<Entry | undefined> {
  return db
    .selectFrom("waitlist_entry")
    .select(["id", "user_id", "status", "rank", "expires_at"])
    .where("kind", "=", place.kind)
    .where("target_id", "=", place.id)
    .where("user_id", "=", userId)
    .where("status", "in", ["waiting", "offered"])
    .executeTakeFirst();
}

/** 1 for the first member waiting; those holding an offer are not in the queue any more. */
async function queuePlace(db: DbOrTransaction, place: Place, entry: Entry): Promise<number> {
  const ahead = await db
    .selectFrom("waitlist_entry")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("kind", "=", place.kind)
    .where("target_id", "=", place.id)
    .where("status", "=", "waiting")
    .where((eb) => eb.or([eb("rank", "<", entry.rank), eb.and([eb("rank", "=", entry.rank), eb("id", "<", entry.id)])]))
    .executeTakeFirstOrThrow();
  return Number(ahead.n) + 1;
}

/** What the event or tournament page shows: can the viewer join, their place or their offer, how many wait. */
export async function waitlistView(deps: AppDeps, viewer: User | undefined, place: Place) {
  const now = deps.now();
  const { ownerId } = await loadPlace(deps.db, place, viewer);
  const state = await placeState(deps.db, deps.places, place, now);
  const waiting = await deps.db
    .selectFrom("waitlist_entry")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("kind", "=", place.kind)
    .where("target_id", "=", place.id)
    .where("status", "=", "waiting")
    .executeTakeFirstOrThrow();
  const entry = viewer ? await openEntry(deps.db, place, viewer.id) : undefined;
  // A place that is over (started, ended, cancelled) shows no place in line and no offer.
  const live = entry && !state?.over && (entry.status === "waiting" || (entry.expires_at ?? 0) > now) ? entry : undefined;
  const full = state?.open === true && (await freePlaces(deps.db, place, state, now)) <= 0;
  const joinable = viewer !== undefined && full && !live && !isOwner(viewer, ownerId) && !(await holdsPlace(deps.db, place, viewer.id).catch(() => true));
  return {
    full,
    joinable,
    waiting: Number(waiting.n),
    holdMinutes: await holdMinutes(deps.db, place),
    entry: live
      ? {
          id: live.id,
          status: live.status as "waiting" | "offered",
          place: live.status === "waiting" ? await queuePlace(deps.db, place, live) : 0,
          expiresAt: live.expires_at && live.status === "offered" ? new Date(live.expires_at).toISOString() : null,
        }
      : null,
  };
}

/**
 * One click: the member joins the list of a full place and is told their place. Refused when there
 * is room (they register instead), when they already hold a seat, on their own place, once it is over.
 */
export async function joinWaitlist(deps: AppDeps, user: User, place: Place): Promise<number> {
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const { ownerId } = await loadPlace(trx, place, user);
    if (isOwner(user, ownerId)) throw new ConflictError([{ field: "id", code: "waitlist_own" }]);
    const state = await placeState(trx, deps.places, place, now);
    if (!state?.open) throw new ConflictError([{ field: "id", code: "waitlist_closed" }]);
    if (await holdsPlace(trx, place, user.id)) throw new ConflictError([{ field: "id", code: "waitlist_has_seat" }]);
    if (await openEntry(trx, place, user.id)) throw new ConflictError([{ field: "id", code: "waitlist_already_joined" }]);
    if ((await freePlaces(trx, place, state, now)) > 0) throw new ConflictError([{ field: "id", code: "waitlist_not_full" }]);
    const fresh = { status: "waiting" as const, rank: now, joined_at: now, offered_at: null, expires_at: null, announced_at: null, settled_at: null };
    await trx
      .insertInto("waitlist_entry")
      .values({ kind: place.kind, target_id: place.id, user_id: user.id, ...fresh })
      .onConflict((oc) => oc.columns(["kind", "target_id", "user_id"]).doUpdateSet(fresh))
      .execute();
    const entry = await openEntry(trx, place, user.id);
    return queuePlace(trx, place, entry!);
  });
}

/** Leaving the list, or declining an offer: an offer declined passes at once to the next in line. */
export async function leaveWaitlist(deps: AppDeps, user: User, place: Place, as: "left" | "declined" = "left"): Promise<void> {
  const now = deps.now();
  await inTransaction(deps.db, async (trx) => {
    const entry = await openEntry(trx, place, user.id);
    if (!entry) throw new NotFoundError("waitlist_not_on_list");
    await trx.updateTable("waitlist_entry").set({ status: as, settled_at: now }).where("id", "=", entry.id).execute();
    await offerFreedPlaces(trx, deps.places, place, now);
  });
  await announceOffers(deps);
}

async function offerOf(db: DbOrTransaction, user: User, entryId: number) {
  const entry = await db.selectFrom("waitlist_entry").selectAll().where("id", "=", entryId).where("user_id", "=", user.id).executeTakeFirst();
  if (!entry) throw new NotFoundError("waitlist_not_on_list");
  return entry;
}

export async function declineOffer(deps: AppDeps, user: User, entryId: number): Promise<void> {
  const entry = await offerOf(deps.db, user, entryId);
  if (entry.status !== "offered") throw new AppError(409, "waitlist_offer_gone");
  await leaveWaitlist(deps, user, { kind: entry.kind, id: entry.target_id }, "declined");
}

type Accepted = { kind: "event"; ticket: BoughtTicket | null; registration: "pending" | "approved" | null } | { kind: "tournament"; tournamentId: number };

/**
 * Taking the offered seat, in one transaction: the offer is closed only if it is still running
 * (a conditional update, so a double click or two tabs take it once), then the seat is taken through
 * the ordinary path: the ticket purchase (`ticketType` given: wallet and ledger move as for any
 * sale), the registration, or the tournament slot. If any step is refused, nothing happened.
 */
export async function acceptOffer(deps: AppDeps, user: User, entryId: number, input: { ticketType?: string; price?: number }, lang: Language): Promise<Accepted> {
  const now = deps.now();
  const accepted = await inTransaction(deps.db, async (trx): Promise<Accepted> => {
    const entry = await offerOf(trx, user, entryId);
    if (entry.status === "offered" && (entry.expires_at ?? 0) <= now) throw new AppError(409, "waitlist_offer_expired");
    const taken = await trx
      .updateTable("waitlist_entry")
      .set({ status: "accepted", settled_at: now })
      .where("id", "=", entry.id)
      .where("status", "=", "offered")
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) throw new AppError(409, "waitlist_offer_gone");
    if (entry.kind === "tournament") {
      await takeSlot(trx, entry.target_id, user, now);
      return { kind: "tournament", tournamentId: entry.target_id };
    }
    if (input.ticketType) return { kind: "event", ticket: await buyTicket(trx, deps, user, { eventId: entry.target_id, ...input }, lang, now), registration: null };
    return { kind: "event", ticket: null, registration: await registerInTransaction(trx, user, entry.target_id, now) };
  });
  if (accepted.kind === "event" && accepted.ticket) await announceSale(deps, user, accepted.ticket);
  if (accepted.kind === "tournament") deps.bus.emit("tournament:changed", { tournamentId: accepted.tournamentId });
  return accepted;
}

/** The offered slot becomes an approved entry (a pending request the member had is approved). */
async function takeSlot(trx: DbOrTransaction, tournamentId: number, user: User, now: number): Promise<void> {
  const tournament = await trx.selectFrom("tournament").selectAll().where("id", "=", tournamentId).executeTakeFirstOrThrow();
  if (tournament.is_active || tournament.finished_at) throw new ConflictError([{ field: "tournmentID", code: "tournament_already_started" }]);
  if ((await slotsHeld(trx, tournamentId, now)) >= tournament.size) throw new ConflictError([{ field: "tournmentID", code: "tournament_full" }]);
  await trx
    .insertInto("tournament_player")
    .values({ tournament_id: tournamentId, user_id: user.id, status: "approved", joined_at: now })
    .onConflict((oc) => oc.columns(["tournament_id", "user_id"]).doUpdateSet({ status: "approved" }))
    .execute();
}

/** The organiser's view: everyone waiting or holding an offer, in list order. */
export async function organiserList(deps: AppDeps, user: User, place: Place) {
  await assertManages(deps.db, place, user);
  const now = deps.now();
  const rows = await deps.db
    .selectFrom("waitlist_entry")
    .innerJoin("user", "user.id", "waitlist_entry.user_id")
    .select(["waitlist_entry.id", "waitlist_entry.status", "waitlist_entry.joined_at", "waitlist_entry.expires_at", "user.username", "user.avatar"])
    .where("kind", "=", place.kind)
    .where("target_id", "=", place.id)
    .where("waitlist_entry.status", "in", ["waiting", "offered"])
    .orderBy("waitlist_entry.status", "desc")
    .orderBy("rank")
    .orderBy("waitlist_entry.id")
    .execute();
  let queue = 0;
  const entries = rows
    .filter((row) => row.status === "waiting" || (row.expires_at ?? 0) > now)
    .map((row) => ({
      id: row.id,
      username: row.username,
      avatar: row.avatar,
      status: row.status as "waiting" | "offered",
      place: row.status === "waiting" ? ++queue : 0,
      joinedAt: new Date(row.joined_at).toISOString(),
      expiresAt: row.status === "offered" && row.expires_at ? new Date(row.expires_at).toISOString() : null,
    }));
  return { entries, holdMinutes: await holdMinutes(deps.db, place) };
}

/**
 * The organiser takes someone from the list by hand: they go to the front, and get the offer now if
 * a place is free (else the next place freed is theirs). Returns whether an offer was made.
 */
export async function takeFromList(deps: AppDeps, user: User, entryId: number): Promise<boolean> {
  const now = deps.now();
  const offered = await inTransaction(deps.db, async (trx) => {
    const entry = await trx.selectFrom("waitlist_entry").selectAll().where("id", "=", entryId).executeTakeFirst();
    if (!entry) throw new NotFoundError("waitlist_entry_not_found");
    const place: Place = { kind: entry.kind, id: entry.target_id };
    await assertManages(trx, place, user);
    if (entry.status === "offered") return true;
    if (entry.status !== "waiting") throw new NotFoundError("waitlist_entry_not_found");
    const first = await trx
      .selectFrom("waitlist_entry")
      .select((eb) => eb.fn.min<number>("rank").as("rank"))
      .where("kind", "=", place.kind)
      .where("target_id", "=", place.id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("waitlist_entry")
      .set({ rank: Number(first.rank) - 1 })
      .where("id", "=", entry.id)
      .execute();
    await offerFreedPlaces(trx, deps.places, place, now);
    const after = await trx.selectFrom("waitlist_entry").select("status").where("id", "=", entry.id).executeTakeFirstOrThrow();
    return after.status === "offered";
  });
  await announceOffers(deps);
  return offered;
}

/** How long an offer is held on this place, from now on (offers already made keep their deadline). */
export async function setHoldMinutes(deps: AppDeps, user: User, place: Place, minutes: number): Promise<void> {
  await assertManages(deps.db, place, user);
  await deps.db
    .insertInto("waitlist_hold")
    .values({ kind: place.kind, target_id: place.id, minutes })
    .onConflict((oc) => oc.columns(["kind", "target_id"]).doUpdateSet({ minutes }))
    .execute();
}
