import { FetchError } from "@fedify/vocab-runtime";
import { Follow, Undo } from "@fedify/vocab";
import type { Selectable } from "kysely";
import type { DB, User } from "../../db/types.ts";
import { inTransaction } from "../../db/transaction.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, ConflictError, InvalidError, NotFoundError } from "../http/errors.ts";
import { OutboundRefused } from "../outbound/addresses.ts";
import { requireFederationOrigin } from "./active.ts";
import { queueActivity } from "./delivery-queue.ts";
import { instanceBlocked } from "./inbox.ts";
import { lookupRemoteActor, parseHandle, remoteAccountRow } from "./remote.ts";
import { actorUri, newActivityUri } from "./uris.ts";

// A member following an account of the fediverse from Arena (issue 38): another Arena's channel, a Mastodon user.
// The member's channel is the actor that follows (members are not actors of their own); the remote account's posts
// then reach the member as notifications (./inbox.ts). Looking the account up is the one remote read a member's
// request makes, bounded in time, through the outbound rule.

type Following = Selectable<DB["federation_following"]>;

function followingItem(row: Following) {
  return { id: row.id, handle: row.remote_handle, name: row.remote_name, url: row.remote_url, state: row.state, createdAt: new Date(row.created_at).toISOString() };
}

async function membersChannel(deps: AppDeps, caller: User): Promise<number> {
  const channel = await deps.db.selectFrom("channel").select("id").where("user_id", "=", caller.id).executeTakeFirst();
  if (!channel) throw new ConflictError([{ field: "handle", code: "fediverse_channel_required" }]);
  return channel.id;
}

export async function listFollowing(deps: AppDeps, caller: User) {
  await requireFederationOrigin(deps);
  const rows = await deps.db
    .selectFrom("federation_following")
    .innerJoin("channel", "channel.id", "federation_following.channel_id")
    .selectAll("federation_following")
    .where("channel.user_id", "=", caller.id)
    .orderBy("federation_following.id", "desc")
    .execute();
  return rows.map(followingItem);
}

/** Looks the handle up, keeps the follow as pending and queues the Follow; the remote's Accept makes it followed. */
export async function followRemote(deps: AppDeps, caller: User, handleText: string) {
  const origin = await requireFederationOrigin(deps);
  const handle = parseHandle(handleText);
  if (!handle) throw new InvalidError([{ field: "handle", code: "fediverse_handle_invalid" }]);
  if (handle.host === new URL(origin).host) throw new InvalidError([{ field: "handle", code: "fediverse_local_account" }]);
  if (await instanceBlocked(deps, handle.host)) throw new AppError(403, "fediverse_instance_blocked", { fields: [{ field: "handle", code: "fediverse_instance_blocked" }] });
  const channelId = await membersChannel(deps, caller);
  const remote = await lookupRemoteActor(deps, handle).catch((error: unknown) => {
    if (error instanceof OutboundRefused) throw new InvalidError([{ field: "handle", code: error.code }]);
    if (error instanceof FetchError || error instanceof TypeError) throw new AppError(502, "fediverse_account_unreachable", { fields: [{ field: "handle", code: "fediverse_account_unreachable" }] });
    throw error;
  });
  if (!remote?.id || !remote.inboxId) throw new NotFoundError("fediverse_account_not_found");
  const me = { type: "channel" as const, id: channelId };
  const follow = new Follow({ id: newActivityUri(origin, me, "Follow"), actor: actorUri(origin, me), object: remote.id, to: remote.id });
  const now = deps.now();
  const row = await inTransaction(deps.db, async (trx) => {
    const inserted = await trx
      .insertInto("federation_following")
      .values({
        channel_id: channelId,
        ...remoteAccountRow(remote, handle.name),
        follow_activity: follow.id!.href,
        state: "pending",
        created_at: now,
        accepted_at: null,
      })
      .onConflict((oc) => oc.columns(["channel_id", "remote_actor"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) throw new ConflictError([{ field: "handle", code: "fediverse_already_following" }]);
    await queueActivity(deps, trx, me, { id: follow.id!.href, type: "Follow", body: await follow.toJsonLd({ format: "compact" }) }, [inserted.remote_inbox]);
    return inserted;
  });
  deps.bus.emit("federation:queued", {});
  return followingItem(row);
}

/** Stops following: the row goes now and an Undo of the Follow is queued (the remote drops the member at once). */
export async function unfollowRemote(deps: AppDeps, caller: User, id: number): Promise<void> {
  const origin = await requireFederationOrigin(deps);
  const row = await deps.db
    .selectFrom("federation_following")
    .innerJoin("channel", "channel.id", "federation_following.channel_id")
    .selectAll("federation_following")
    .where("federation_following.id", "=", id)
    .where("channel.user_id", "=", caller.id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("fediverse_follow_not_found");
  const me = { type: "channel" as const, id: row.channel_id };
  const follow = new Follow({ id: new URL(row.follow_activity), actor: actorUri(origin, me), object: new URL(row.remote_actor) });
  const undo = new Undo({ id: newActivityUri(origin, me, "Undo"), actor: actorUri(origin, me), object: follow, to: new URL(row.remote_actor) });
  await inTransaction(deps.db, async (trx) => {
    await trx.deleteFrom("federation_following").where("id", "=", row.id).execute();
    await queueActivity(deps, trx, me, { id: undo.id!.href, type: "Undo", body: await undo.toJsonLd({ format: "compact" }) }, [row.remote_inbox]);
  });
  deps.bus.emit("federation:queued", {});
}
