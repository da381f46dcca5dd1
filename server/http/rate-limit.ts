import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import { TooManyRequestsError } from "./errors.ts";

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Counts one hit for `key` in a fixed window kept in the database (so limits survive a restart
 * and would hold across processes). Throws 429 once the window holds more than `limit.max` hits.
 */
export async function hitRateLimit(db: Db, key: string, limit: Limit, now: number): Promise<void> {
  const windowStart = now - limit.windowMs;
  const row = await db
    .insertInto("rate_limit")
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`CASE WHEN rate_limit.window_start <= ${windowStart} THEN 1 ELSE rate_limit.count + 1 END`,
        window_start: sql`CASE WHEN rate_limit.window_start <= ${windowStart} THEN ${now} ELSE rate_limit.window_start END`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  if (row.count > limit.max) throw tooMany(row.window_start, limit, now);
}

function tooMany(windowStart: number, limit: Limit, now: number): TooManyRequestsError {
  return new TooManyRequestsError(Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000)));
}
