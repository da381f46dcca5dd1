import type { DbOrTransaction } from "../../db/index.ts";
import { isBlockedInstance } from "../../shared/federation.ts";
import type { AppDeps } from "../http/context.ts";
import { siteSettings } from "../site/settings/settings.ts";
import type { ActorRef } from "./actors.ts";

// The fediverse's outgoing queue (issue 38, item 5): an activity becomes one row per inbox, written in the caller's
// transaction when it has one. Every node's dispatcher (./dispatcher.ts) claims due rows, signs them with the actor's
// key and sends them; the row stays as the admin's delivery log. The unique (activity, inbox) pair makes a second
// queuing of the same activity for the same inbox (another node, a retried transaction) a no-op.

/** An activity ready to send: its id and type (for the log) and its JSON-LD document. */
export interface OutgoingActivity {
  id: string;
  type: string;
  body: unknown;
}

type QueueDeps = Pick<AppDeps, "db" | "config" | "now">;

/**
 * Queues `activity`, signed by `signer`, for each inbox once (blocked instances left out); returns how many rows were
 * queued. Only database work; the caller emits "federation:queued" after its transaction for an immediate send.
 */
export async function queueActivity(deps: QueueDeps, db: DbOrTransaction, signer: ActorRef, activity: OutgoingActivity, inboxes: readonly string[]): Promise<number> {
  const { federationBlockedInstances } = await siteSettings({ db, config: deps.config });
  const targets = [...new Set(inboxes)].map((inbox) => ({ inbox, host: new URL(inbox).host.toLowerCase() })).filter(({ host }) => !isBlockedInstance(host, federationBlockedInstances));
  if (targets.length === 0) return 0;
  const now = deps.now();
  const body = JSON.stringify(activity.body);
  const queued = await db
    .insertInto("federation_delivery")
    .values(
      targets.map(({ inbox, host }) => ({
        activity_id: activity.id,
        activity_type: activity.type,
        actor_type: signer.type,
        actor_id: signer.id,
        inbox,
        inbox_host: host,
        body,
        state: "pending" as const,
        next_attempt_at: now,
        claimed_until: null,
        last_status: null,
        last_error: null,
        created_at: now,
        finished_at: null,
      })),
    )
    .onConflict((oc) => oc.columns(["activity_id", "inbox"]).doNothing())
    .returning("id")
    .execute();
  return queued.length;
}

/** Where an actor's followers read its posts: each follower's instance's shared inbox when it has one, else its own, once each. */
export async function followerInboxes(db: DbOrTransaction, actor: ActorRef): Promise<string[]> {
  const rows = await db.selectFrom("federation_follower").select(["remote_inbox", "remote_shared_inbox"]).where("actor_type", "=", actor.type).where("actor_id", "=", actor.id).execute();
  return [...new Set(rows.map((row) => row.remote_shared_inbox ?? row.remote_inbox))];
}

/** Queues `activity` for every follower of `signer` (one row per inbox); returns how many rows were queued. */
export async function queueForFollowers(deps: QueueDeps, db: DbOrTransaction, signer: ActorRef, activity: OutgoingActivity): Promise<number> {
  return queueActivity(deps, db, signer, activity, await followerInboxes(db, signer));
}
