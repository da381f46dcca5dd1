import type { Transaction } from "kysely";
import { type Db, dialectOf } from "./index.ts";
import type { DB } from "./types.ts";

const RETRYABLE = new Set(["40001", "40P01"]); // serialization failure, deadlock detected
const MAX_ATTEMPTS = 30;

/**
 * Runs `work` in one transaction that behaves as if no other ran at the same time. SQLite gives that
 * for free (one connection, one writer). PostgreSQL, with a pool, runs transactions side by side: the
 * rules written for SQLite ("count the seats, then sell one") stay true there at the SERIALIZABLE
 * level, where PostgreSQL aborts one of two transactions that would break it; the aborted one runs
 * again from the start. `work` must therefore do nothing but database work (no mail, no events).
 */
export async function inTransaction<T>(db: Db, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (dialectOf(db) === "sqlite") return keepingTheCause((watched) => db.transaction().execute(watched), work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await keepingTheCause((watched) => db.transaction().setIsolationLevel("serializable").execute(watched), work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? "")) throw error;
      // Spread the retries, so the transactions that collided do not collide again.
      await Bun.sleep(Math.random() * Math.min(200, 5 * 2 ** attempt));
    }
  }
}

/**
 * Runs a transaction, and when `work` failed, throws what `work` threw, whatever the rollback did after. SQLite
 * ends a transaction by itself on some errors (SQLITE_FULL): the rollback that follows then fails with "cannot
 * rollback - no transaction is active", and that was the error seen, the full disk lost (issue 34, item 19).
 */
async function keepingTheCause<T>(run: (work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  let cause: { error: unknown } | undefined;
  try {
    return await run(async (trx) => {
      try {
        return await work(trx);
      } catch (error) {
        cause = { error };
        throw error;
      }
    });
  } catch (error) {
    throw cause ? cause.error : error;
  }
}
