import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import { TooManyRequestsError } from "../http/errors.ts";

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

/**
 * Wrong passwords are counted per account AND address. A stranger who guesses locks only their own
 * address out of that account: the owner still logs in from any address that has not failed, or
 * through a reset link, which clears every lock on the account. After a few free tries each new
 * failure doubles the wait, so guessing from one address costs hours while a typo costs nothing.
 */
export const lockoutPolicy = {
  freeFailures: 5,
  firstLockMs: 30 * SECOND,
  longestLockMs: HOUR,
  // A pair that has not failed for a day starts again from zero.
  forgetAfterMs: 24 * HOUR,
};

/**
 * The name failures are counted under: the user's id when the login names an account, so the
 * username and the email share one counter; the login as typed otherwise, so an unknown name is
 * locked exactly like a known one and the lock says nothing about who exists.
 */
export function accountKey(userId: number | undefined, login: string): string {
  return userId === undefined ? `login:${login.trim().toLowerCase()}` : userAccountKey(userId);
}

export function userAccountKey(userId: number): string {
  return `user:${userId}`;
}

/** Until when a pair with this many failures, the last at `lastFailedAt`, must wait (0: it may try now). */
function lockedUntil(failures: number, lastFailedAt: number): number {
  if (failures < lockoutPolicy.freeFailures) return 0;
  const doublings = failures - lockoutPolicy.freeFailures;
  return lastFailedAt + Math.min(lockoutPolicy.longestLockMs, lockoutPolicy.firstLockMs * 2 ** doublings);
}

/** Throws 429 with the time to wait when this address is locked out of this account. */
export async function assertNotLockedOut(db: Db, account: string, address: string, now: number): Promise<void> {
  const row = await db.selectFrom("login_failure").select(["failures", "last_failed_at"]).where("account", "=", account).where("address", "=", address).executeTakeFirst();
  if (!row || row.last_failed_at <= now - lockoutPolicy.forgetAfterMs) return;
  const until = lockedUntil(row.failures, row.last_failed_at);
  if (until > now) throw new TooManyRequestsError(Math.ceil((until - now) / SECOND));
}

export async function recordLoginFailure(db: Db, account: string, address: string, now: number): Promise<void> {
  const forgotten = now - lockoutPolicy.forgetAfterMs;
  await db
    .insertInto("login_failure")
    .values({ account, address, failures: 1, last_failed_at: now })
    .onConflict((oc) =>
      oc.columns(["account", "address"]).doUpdateSet({
        failures: sql`CASE WHEN login_failure.last_failed_at <= ${forgotten} THEN 1 ELSE login_failure.failures + 1 END`,
        last_failed_at: now,
      }),
    )
    .execute();
}

/** A successful login forgives this address; a password reset forgives every address. */
export async function forgiveAddress(db: Db, account: string, address: string): Promise<void> {
  await db.deleteFrom("login_failure").where("account", "=", account).where("address", "=", address).execute();
}

export async function forgiveAccount(db: Db, account: string): Promise<void> {
  await db.deleteFrom("login_failure").where("account", "=", account).execute();
}

/** Failures older than the forgetting delay lock nothing: their rows go (a site job, hourly). */
export async function forgetOldLoginFailures(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom("login_failure")
    .where("last_failed_at", "<=", now - lockoutPolicy.forgetAfterMs)
    .execute();
}
