import type { DbOrTransaction } from "../../../db/index.ts";
import type { WaitlistKind } from "../../../db/types.ts";

/** An event's seats or a tournament's slots: what a waiting list queues for. */
export interface Place {
  kind: WaitlistKind;
  id: number;
}

/**
 * Offers still running on a place. A live offer holds its seat: the seat rules (events/seats.ts,
 * tournaments' slots) count it as taken for everyone but the member it was made to, so nobody
 * registers into a seat promised to the next on the list, and no seat is sold twice.
 */
export async function offersHeld(db: DbOrTransaction, place: Place, now: number, exceptUserId?: number): Promise<number> {
  return (await offersHeldOn(db, place.kind, [place.id], now, exceptUserId)).get(place.id) ?? 0;
}

/** `offersHeld` of many places of one kind in one query (the events lists' cards); a place without offers is absent. */
export async function offersHeldOn(db: DbOrTransaction, kind: WaitlistKind, ids: number[], now: number, exceptUserId?: number): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  let query = db
    .selectFrom("waitlist_entry")
    .select(["target_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("kind", "=", kind)
    .where("target_id", "in", ids)
    .where("status", "=", "offered")
    .where("expires_at", ">", now)
    .groupBy("target_id");
  if (exceptUserId !== undefined) query = query.where("user_id", "!=", exceptUserId);
  return new Map((await query.execute()).map((row) => [row.target_id, Number(row.n)]));
}
