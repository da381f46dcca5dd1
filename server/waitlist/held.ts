import type { DbOrTransaction } from "../../db/index.ts";
import type { WaitlistKind } from "../../db/types.ts";

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
  let query = db
    .selectFrom("waitlist_entry")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("kind", "=", place.kind)
    .where("target_id", "=", place.id)
    .where("status", "=", "offered")
    .where("expires_at", ">", now);
  if (exceptUserId !== undefined) query = query.where("user_id", "!=", exceptUserId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
