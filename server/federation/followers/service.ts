import { Follow, Reject } from "@fedify/vocab";
import type { Db, DbOrTransaction } from "../../../db/index.ts";
import { inTransaction } from "../../../db/transaction.ts";
import type { User } from "../../../db/types.ts";
import { isAdmin, ownsOrAdmin } from "../../access/policy.ts";
import type { AppDeps } from "../../http/context.ts";
import { ForbiddenError, NotFoundError } from "../../http/errors.ts";
import { siteSettings } from "../../site/settings/settings.ts";
import { requireFederationOrigin } from "../active.ts";
import { type ActorRef, actorOwnerId, actorProfile, parseIdentifier } from "../actors.ts";
import { queueActivity } from "../delivery-queue.ts";
import { FEDIVERSE_DELIVERIES_PER_PAGE, FEDIVERSE_FOLLOWERS_PER_PAGE, type FediverseDelivery, type FediverseFollower } from "../followers-schemas.ts";
import { actorUri, newActivityUri } from "../uris.ts";

// What the site's own screens show of the fediverse (issue 38, items 2 and 6): an actor's handle on its public page,
// its fediverse followers to its owner (who may remove one: a Reject tells the follower's server), and the admins'
// delivery log. Members' follows on the site are another table and stay apart.

/** The actor an identifier names: `channel-12`, `tournament-5`, `event-3`, or a channel by its member's username. */
async function actorOf(db: Db, identifier: string): Promise<ActorRef | null> {
  const ref = parseIdentifier(identifier);
  if (ref || !/^\w{1,40}$/.test(identifier)) return ref;
  const channel = await db.selectFrom("channel").innerJoin("user", "user.id", "channel.user_id").where("user.username", "=", identifier).select("channel.id").executeTakeFirst();
  return channel ? { type: "channel", id: channel.id } : null;
}

const handleOn = (origin: string | null, name: string) => (origin ? `@${name}@${new URL(origin).host}` : `@${name}`);

const countFollowers = async (db: DbOrTransaction, ref: ActorRef) =>
  Number(
    (
      await db
        .selectFrom("federation_follower")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("actor_type", "=", ref.type)
        .where("actor_id", "=", ref.id)
        .executeTakeFirstOrThrow()
    ).count,
  );

/** An actor's handle and fediverse followers, for its public page: a 404 when federation is off or the public may not see it. */
export async function fediverseActor(deps: AppDeps, identifier: string): Promise<{ handle: string; followers: number }> {
  const origin = await requireFederationOrigin(deps);
  const ref = await actorOf(deps.db, identifier);
  const profile = ref && (await actorProfile(deps.db, ref));
  if (!ref || !profile) throw new NotFoundError();
  return { handle: handleOn(origin, profile.handle), followers: await countFollowers(deps.db, ref) };
}

/** Whether the caller runs the actor (its owner, or an admin); null when no such thing exists. */
async function runs(db: DbOrTransaction, caller: User, ref: ActorRef): Promise<boolean | null> {
  const owner = await actorOwnerId(db, ref);
  return owner === null ? null : ownsOrAdmin(caller, owner);
}

/** An actor's fediverse followers for its owner, newest first, a page at a time. */
export async function listFollowers(deps: AppDeps, caller: User, identifier: string, page: number): Promise<{ count: number; followers: FediverseFollower[] }> {
  await requireFederationOrigin(deps);
  const ref = await actorOf(deps.db, identifier);
  const allowed = ref && (await runs(deps.db, caller, ref));
  if (!ref || allowed === null) throw new NotFoundError();
  // The actor is public, its followers are its owner's business: 403, as for a public thing one may not change.
  if (!allowed) throw new ForbiddenError();
  const rows = await deps.db
    .selectFrom("federation_follower")
    .select(["id", "remote_handle", "remote_name", "remote_url", "remote_host", "created_at"])
    .where("actor_type", "=", ref.type)
    .where("actor_id", "=", ref.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(FEDIVERSE_FOLLOWERS_PER_PAGE)
    .offset((page - 1) * FEDIVERSE_FOLLOWERS_PER_PAGE)
    .execute();
  return {
    count: await countFollowers(deps.db, ref),
    followers: rows.map((row) => ({
      id: row.id,
      handle: row.remote_handle,
      name: row.remote_name,
      url: row.remote_url,
      instance: row.remote_host,
      since: new Date(row.created_at).toISOString(),
    })),
  };
}

/**
 * The owner removes a follower: its row goes, and its server is sent a `Reject` of its `Follow` (Mastodon then drops
 * the follow on its side), queued in the same transaction so both happen or neither.
 */
export async function removeFollower(deps: AppDeps, caller: User, id: number): Promise<void> {
  const origin = await requireFederationOrigin(deps);
  await inTransaction(deps.db, async (trx) => {
    const row = await trx.selectFrom("federation_follower").selectAll().where("id", "=", id).executeTakeFirst();
    const ref: ActorRef | null = row ? { type: row.actor_type, id: row.actor_id } : null;
    // Another owner's follower is "not found": who follows someone else is not the caller's to learn.
    if (!row || !ref || !(await runs(trx, caller, ref))) throw new NotFoundError("fediverse_follower_not_found");
    await trx.deleteFrom("federation_follower").where("id", "=", id).execute();
    const ours = actorUri(origin, ref);
    const activityId = newActivityUri(origin, ref, "Reject");
    const reject = new Reject({
      id: activityId,
      actor: ours,
      to: new URL(row.remote_actor),
      object: new Follow({ id: new URL(row.follow_activity), actor: new URL(row.remote_actor), object: ours }),
    });
    await queueActivity(deps, trx, ref, { id: activityId.href, type: "Reject", body: await reject.toJsonLd({ format: "compact" }) }, [row.remote_inbox]);
  });
  deps.bus.emit("federation:queued", {});
}

/** The admins' delivery log, newest first; `actor` is the signing actor's handle. */
export async function listDeliveries(deps: AppDeps, caller: User, page: number, state: FediverseDelivery["state"] | undefined): Promise<{ deliveries: FediverseDelivery[]; total: number }> {
  if (!isAdmin(caller)) throw new ForbiddenError();
  const filtered = deps.db.selectFrom("federation_delivery").$if(state !== undefined, (query) => query.where("state", "=", state!));
  const [rows, total] = await Promise.all([
    filtered
      .select(["id", "activity_type", "actor_type", "actor_id", "inbox", "inbox_host", "state", "attempts", "last_status", "last_error", "created_at", "finished_at"])
      .orderBy("id", "desc")
      .limit(FEDIVERSE_DELIVERIES_PER_PAGE)
      .offset((page - 1) * FEDIVERSE_DELIVERIES_PER_PAGE)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  // The log stays readable with federation off: handles then use the address last saved.
  const { federationPublicUrl } = await siteSettings(deps);
  const channelIds = [...new Set(rows.filter((row) => row.actor_type === "channel").map((row) => row.actor_id))];
  const usernames = new Map(
    channelIds.length === 0
      ? []
      : (await deps.db.selectFrom("channel").innerJoin("user", "user.id", "channel.user_id").select(["channel.id", "user.username"]).where("channel.id", "in", channelIds).execute()).map((row) => [
          row.id,
          row.username,
        ]),
  );
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    total: Number(total.count),
    deliveries: rows.map((row) => ({
      id: row.id,
      activityType: row.activity_type,
      actor: handleOn(federationPublicUrl, row.actor_type === "channel" ? (usernames.get(row.actor_id) ?? `channel-${row.actor_id}`) : `${row.actor_type}-${row.actor_id}`),
      inbox: row.inbox,
      instance: row.inbox_host,
      state: row.state,
      attempts: row.attempts,
      lastStatus: row.last_status,
      lastError: row.last_error,
      createdAt: iso(row.created_at)!,
      finishedAt: iso(row.finished_at),
    })),
  };
}
