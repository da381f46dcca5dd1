import { ERASED_EMAIL_PATTERN } from "../../auth/erased-accounts.ts";
import type { AppDeps } from "../../http/context.ts";

// A deleted tournament's keys, and an erased member's channel's, outlive them while their posts' Deletes wait (they
// are signed when sent): a site job (server/cluster/site-jobs.ts) forgets them once none waits.

/**
 * Forgets the keys of deleted tournaments and of erased members' channels with no delivery waiting: a deleted thing
 * keeps no private key behind it (deleteTournament and the erasure forget them at once when they queued nothing).
 */
export async function forgetKeysOfGoneActors(deps: Pick<AppDeps, "db">): Promise<void> {
  const waiting = (type: "tournament" | "channel") => deps.db.selectFrom("federation_delivery").select("actor_id").where("actor_type", "=", type).where("state", "=", "pending");
  await deps.db
    .deleteFrom("federation_key")
    .where("actor_type", "=", "tournament")
    .where("actor_id", "not in", deps.db.selectFrom("tournament").select("id"))
    .where("actor_id", "not in", waiting("tournament"))
    .execute();
  await deps.db
    .deleteFrom("federation_key")
    .where("actor_type", "=", "channel")
    .where("actor_id", "in", deps.db.selectFrom("channel").innerJoin("user", "user.id", "channel.user_id").select("channel.id").where("user.email", "like", ERASED_EMAIL_PATTERN))
    .where("actor_id", "not in", waiting("channel"))
    .execute();
}
