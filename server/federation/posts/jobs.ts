import type { AppDeps } from "../../http/context.ts";

// A deleted tournament's keys outlive it while its posts' Deletes wait (they are signed when sent): a site job
// (server/cluster/site-jobs.ts) forgets them once none waits.

/**
 * Forgets the keys of deleted tournaments with no delivery waiting: a deleted thing keeps no private key behind it
 * (server/tournaments/commands.ts, deleteTournament, forgets them at once when it queued nothing).
 */
export async function forgetKeysOfDeletedTournaments(deps: Pick<AppDeps, "db">): Promise<void> {
  await deps.db
    .deleteFrom("federation_key")
    .where("actor_type", "=", "tournament")
    .where("actor_id", "not in", (eb) => eb.selectFrom("tournament").select("id"))
    .where("actor_id", "not in", (eb) => eb.selectFrom("federation_delivery").select("actor_id").where("actor_type", "=", "tournament").where("state", "=", "pending"))
    .execute();
}
