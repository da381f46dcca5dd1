import type { DbOrTransaction } from "../../db/index.ts";
import { isBlockedInstance } from "../../shared/federation.ts";

// Blocked instances (issue 38, item 6): when an admin blocks one, Arena stops hearing it and posting to it at once.

/**
 * Drops what ties the site to the newly blocked instances, in the settings' transaction: the fediverse followers
 * they hold (no Reject is sent: nothing goes to a blocked instance), the accounts members' channels follow there, and
 * the deliveries still waiting for them (marked failed, "instance_blocked", so the log says why they never went).
 */
export async function dropBlockedInstances(db: DbOrTransaction, blocked: readonly string[], now: number): Promise<void> {
  if (blocked.length === 0) return;
  const blockedOf = (hosts: { host: string }[]) => hosts.map(({ host }) => host).filter((host) => isBlockedInstance(host, blocked));
  const followerHosts = blockedOf(await db.selectFrom("federation_follower").select("remote_host as host").distinct().execute());
  if (followerHosts.length) await db.deleteFrom("federation_follower").where("remote_host", "in", followerHosts).execute();
  const followingHosts = blockedOf(await db.selectFrom("federation_following").select("remote_host as host").distinct().execute());
  if (followingHosts.length) await db.deleteFrom("federation_following").where("remote_host", "in", followingHosts).execute();
  const inboxHosts = blockedOf(await db.selectFrom("federation_delivery").select("inbox_host as host").where("state", "=", "pending").distinct().execute());
  if (inboxHosts.length)
    await db
      .updateTable("federation_delivery")
      .set({ state: "failed", last_error: "instance_blocked", finished_at: now, claimed_until: null })
      .where("state", "=", "pending")
      .where("inbox_host", "in", inboxHosts)
      .execute();
}
