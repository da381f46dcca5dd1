import type { DbOrTransaction } from "../../../db/index.ts";
import { inTransaction } from "../../../db/transaction.ts";
import type { User, WaitlistKind } from "../../../db/types.ts";
import type { AppDeps, PlaceKinds, PlaceState } from "../../http/context.ts";
import { translate } from "../../i18n/messages.ts";
import { notify } from "../../notifications/service.ts";
import { offersHeld, type Place } from "./held.ts";

export type { Place } from "./held.ts";
export type { PlaceKinds, PlaceReader, PlaceState } from "../../http/context.ts";

/**
 * The one waiting-list rule, for events (seats) and tournaments (slots) alike (issue 19, item 1).
 * Every path that frees a seat or a slot calls `offerFreedPlaces` inside its own transaction, then
 * `announceOffers` once it has committed. A freed place goes to the first member waiting as an offer
 * that holds the place until it expires; a place is free when its capacity exceeds what is taken
 * (events/seats.ts `seatsTaken`, or approved players) plus the offers still running.
 */

const DEFAULT_HOLD_MINUTES = 24 * 60;
const MINUTE = 60_000;

/** Every kind of place a list queues for: a record of the kinds, so a new kind does not compile until it is listed here. */
export const PLACE_KINDS = Object.keys({ event: true, tournament: true } satisfies Record<WaitlistKind, true>) as WaitlistKind[];

/**
 * The readers the start-up wires (server/places.ts). The type asks for every kind already; this also refuses,
 * at start-up, a set that lacks one (built by hand, or cast), rather than failing later, on the first seat freed.
 */
export function wirePlaceKinds(readers: PlaceKinds): PlaceKinds {
  const missing = PLACE_KINDS.filter((kind) => typeof readers[kind] !== "function");
  if (missing.length > 0) throw new Error(`The waiting list cannot read places of kind ${missing.map((kind) => `"${kind}"`).join(", ")}: wire their reader in server/places.ts.`);
  return Object.freeze({ ...readers });
}

export async function placeState(db: DbOrTransaction, places: PlaceKinds, place: Place, now: number): Promise<PlaceState | undefined> {
  const read = places[place.kind];
  if (!read) throw new Error(`No waiting-list place of kind "${place.kind}" is wired: add its reader in server/places.ts.`);
  return read(db, place.id, now);
}

/** Places no one holds: capacity less what is taken and the offers running. */
export async function freePlaces(db: DbOrTransaction, place: Place, state: PlaceState, now: number): Promise<number> {
  return state.capacity - state.taken - (await offersHeld(db, place, now));
}

export async function holdMinutes(db: DbOrTransaction, place: Place): Promise<number> {
  const row = await db.selectFrom("waitlist_hold").select("minutes").where("kind", "=", place.kind).where("target_id", "=", place.id).executeTakeFirst();
  return row?.minutes ?? DEFAULT_HOLD_MINUTES;
}

/**
 * Call inside the transaction that freed a seat or a slot (or raised the limit): offers that ran out
 * are closed, then each free place is offered to the next member waiting, in list order. Returns the
 * number of new offers; their notification and mail go with `announceOffers` after the commit.
 * On a place that is over (started, ended, cancelled), every entry still open is closed instead.
 */
export async function offerFreedPlaces(db: DbOrTransaction, places: PlaceKinds, place: Place, now: number): Promise<number> {
  await expireOffers(db, place, now);
  const state = await placeState(db, places, place, now);
  if (!state || state.over) {
    await closeList(db, place, now);
    return 0;
  }
  if (!state.open) return 0;
  const free = await freePlaces(db, place, state, now);
  if (free <= 0) return 0;
  let next = db.selectFrom("waitlist_entry").select("id").where("kind", "=", place.kind).where("target_id", "=", place.id).where("status", "=", "waiting").orderBy("rank").orderBy("id");
  if (Number.isFinite(free)) next = next.limit(free);
  const ids = (await next.execute()).map((entry) => entry.id);
  if (ids.length === 0) return 0;
  const held = now + (await holdMinutes(db, place)) * MINUTE;
  await db
    .updateTable("waitlist_entry")
    .set({ status: "offered", offered_at: now, expires_at: Math.min(held, state.closesAt ?? held), announced_at: null })
    .where("id", "in", ids)
    .execute();
  return ids.length;
}

async function expireOffers(db: DbOrTransaction, place: Place, now: number): Promise<void> {
  await db
    .updateTable("waitlist_entry")
    .set({ status: "expired", settled_at: now })
    .where("kind", "=", place.kind)
    .where("target_id", "=", place.id)
    .where("status", "=", "offered")
    .where("expires_at", "<=", now)
    .execute();
}

async function closeList(db: DbOrTransaction, place: Place, now: number): Promise<void> {
  await db
    .updateTable("waitlist_entry")
    .set({ status: "expired", settled_at: now })
    .where("kind", "=", place.kind)
    .where("target_id", "=", place.id)
    .where("status", "in", ["waiting", "offered"])
    .execute();
}

/**
 * A member who takes the place by the ordinary path (registers, buys, is approved) while holding an
 * offer for it has used the offer: it is closed, so it no longer holds a second seat.
 */
export async function settleOwnOffer(db: DbOrTransaction, place: Place, userId: number, now: number): Promise<void> {
  await db
    .updateTable("waitlist_entry")
    .set({ status: "accepted", settled_at: now })
    .where("kind", "=", place.kind)
    .where("target_id", "=", place.id)
    .where("user_id", "=", userId)
    .where("status", "in", ["waiting", "offered"])
    .execute();
}

/**
 * The outbox of offers: each offer not yet announced is claimed (so two nodes never send it twice),
 * then told in the app and by mail. Called after every commit that may have made offers, and by the
 * periodic job, which catches those a stopped process left unsent.
 */
export async function announceOffers(deps: AppDeps): Promise<void> {
  const pending = await deps.db
    .selectFrom("waitlist_entry")
    .innerJoin("user", "user.id", "waitlist_entry.user_id")
    .select(["waitlist_entry.id", "waitlist_entry.kind", "waitlist_entry.target_id", "waitlist_entry.expires_at", "user.id as userId", "user.email", "user.username"])
    .where("waitlist_entry.status", "=", "offered")
    .where("waitlist_entry.announced_at", "is", null)
    .execute();
  for (const offer of pending) {
    const claimed = await deps.db.updateTable("waitlist_entry").set({ announced_at: deps.now() }).where("id", "=", offer.id).where("announced_at", "is", null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    const state = await placeState(deps.db, deps.places, { kind: offer.kind, id: offer.target_id }, deps.now());
    if (!state) continue;
    await tellOffer(deps, { id: offer.userId, email: offer.email, username: offer.username }, state, offer.expires_at ?? deps.now());
  }
}

/** The member's language is not stored: the mail says it in French, then in English. */
async function tellOffer(deps: AppDeps, member: Pick<User, "id" | "email" | "username">, state: PlaceState, expiresAt: number): Promise<void> {
  const deadline = new Date(expiresAt).toISOString().replace("T", " ").slice(0, 16);
  await notify(deps, [member.id], { type: "waitlist_offer", actorId: null, link: state.link, data: { name: state.name, deadline: new Date(expiresAt).toISOString() } });
  const params = { username: member.username, name: state.name, deadline, link: `${deps.config.publicUrl}${state.link}` };
  await deps.mailer.send({
    to: member.email,
    subject: `${translate("fr", "events:waitlist_offer_subject", params)} / ${translate("en", "events:waitlist_offer_subject", params)}`,
    text: `${translate("fr", "events:waitlist_offer_body", params)}\n\n---\n\n${translate("en", "events:waitlist_offer_body", params)}`,
  });
}

/**
 * The periodic job (server/cluster/site-jobs.ts, driven by the tests through the clock): every place
 * with an offer run out passes it on to the next in line, each in its own transaction.
 */
export async function passExpiredOffers(deps: AppDeps): Promise<void> {
  const now = deps.now();
  const places = await deps.db.selectFrom("waitlist_entry").select(["kind", "target_id"]).distinct().where("status", "=", "offered").where("expires_at", "<=", now).execute();
  for (const place of places) await inTransaction(deps.db, (trx) => offerFreedPlaces(trx, deps.places, { kind: place.kind, id: place.target_id }, now));
  await announceOffers(deps);
}
