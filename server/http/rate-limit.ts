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

export interface Bucket {
  /** Calls allowed at once after a quiet spell. */
  burst: number;
  /** One more call allowed every `everyMs`. */
  everyMs: number;
}

/**
 * A token bucket kept in the database, one atomic statement per call, so every node of a site
 * takes from the same bucket. The row's window_start holds the bucket's "theoretical arrival time"
 * (GCRA): a call is allowed when moving it on by one interval keeps it within `burst` intervals of
 * now. Returns false (and leaves the bucket as it was) when no token is left.
 */
export async function takeToken(db: Db, key: string, bucket: Bucket, now: number): Promise<boolean> {
  const movedOn = sql<number>`CASE WHEN rate_limit.window_start > ${now} THEN rate_limit.window_start ELSE ${now} END + ${bucket.everyMs}`;
  const taken = await db
    .insertInto("rate_limit")
    .values({ key, window_start: now + bucket.everyMs, count: 1 })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ window_start: movedOn, count: sql`rate_limit.count + 1` })
        .where(movedOn, "<=", now + bucket.burst * bucket.everyMs),
    )
    .returning("key")
    .executeTakeFirst();
  return taken !== undefined;
}

/** Windows and buckets are at most an hour long: a row untouched for a day counts nothing any more. */
const RATE_LIMIT_ROW_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Deletes the rows no limit reads any more, so the table holds the recent callers, not every address ever seen. */
export async function forgetStaleRateLimits(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom("rate_limit")
    .where("window_start", "<", now - RATE_LIMIT_ROW_LIFETIME_MS)
    .execute();
}
