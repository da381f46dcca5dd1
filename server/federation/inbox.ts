import type { Federation, InboxContext } from "@fedify/fedify";
import { Accept, Announce, Create, Delete, Follow, isActor, Note, Reject, Undo } from "@fedify/vocab";
import { isBlockedInstance } from "../../shared/federation.ts";
import type { AppDeps } from "../http/context.ts";
import { notify } from "../notifications/service.ts";
import { siteSettings } from "../site/settings/settings.ts";
import { type ActorRef, actorOwnerId, actorProfile, parseIdentifier } from "./actors.ts";
import { queueActivity } from "./delivery-queue.ts";
import { plainText } from "./plain-text.ts";
import { remoteAccountRow } from "./remote.ts";
import { actorUri, INBOX_PATH, newActivityUri, SHARED_INBOX_PATH } from "./uris.ts";

// What other servers send Arena (issue 38, items 2 and 4). Fedify has checked the HTTP signature and that its key is
// the activity's actor's before any listener runs; a listener still checks that what the activity names is Arena's
// own and that the remote actor may do it (an Undo undoes only its own Follow). Remote words reach members only as
// plain text in a notification, never as HTML and never in a chat.

type InboxDeps = Pick<AppDeps, "db" | "config" | "now" | "bus">;

export function listenToInbox(federation: Federation<void>, deps: AppDeps, origin: string): void {
  federation
    .setInboxListeners(INBOX_PATH, SHARED_INBOX_PATH)
    .on(Follow, (ctx, follow) => onFollow(deps, ctx, follow, origin))
    .on(Undo, (ctx, undo) => onUndo(deps, ctx, undo, origin))
    .on(Accept, (ctx, accept) => onAnswer(deps, ctx, accept, "accepted"))
    .on(Reject, (ctx, reject) => onAnswer(deps, ctx, reject, "rejected"))
    .on(Create, (ctx, create) => onCreate(deps, ctx, create, origin))
    .on(Announce, (_ctx, announce) => onAnnounce(deps, announce, origin))
    .on(Delete, (_ctx, remove) => onDelete(deps, remove));
}

/** The Arena actor an id names (`https://site/ap/actors/channel-12`), or null when it is another server's or none. */
function localActor(origin: string, id: URL | null): ActorRef | null {
  if (!id || id.origin !== origin) return null;
  const match = /^\/ap\/actors\/([^/]+)$/.exec(id.pathname);
  return match ? parseIdentifier(decodeURIComponent(match[1]!)) : null;
}

/** The post an id names (`https://site/ap/notes/7`), or null. */
function localPostId(origin: string, id: URL | null): number | null {
  if (!id || id.origin !== origin) return null;
  const match = /^\/ap\/notes\/([1-9]\d{0,15})$/.exec(id.pathname);
  return match ? Number(match[1]) : null;
}

async function activityJson(activity: Accept | Reject | Undo | Follow): Promise<unknown> {
  return activity.toJsonLd({ format: "compact" });
}

/** A Follow of one of Arena's public actors: the follower is kept and Accepted at once (no actor approves by hand). */
async function onFollow(deps: InboxDeps, ctx: InboxContext<void>, follow: Follow, origin: string): Promise<void> {
  const target = localActor(origin, follow.objectId);
  if (!target || !follow.id || !(await actorProfile(deps.db, target))) return;
  const follower = await follow.getActor(ctx);
  if (!follower || !isActor(follower) || !follower.id || !follower.inboxId || follower.id.href !== follow.actorId?.href) return;
  const account = remoteAccountRow(follower);
  const sharedInbox = follower.endpoints?.sharedInbox?.href ?? null;
  const row = { ...account, remote_shared_inbox: sharedInbox, follow_activity: follow.id.href };
  await deps.db
    .insertInto("federation_follower")
    .values({ actor_type: target.type, actor_id: target.id, ...row, created_at: deps.now() })
    .onConflict((oc) => oc.columns(["actor_type", "actor_id", "remote_actor"]).doUpdateSet(row))
    .execute();
  const accept = new Accept({ id: newActivityUri(origin, target, "Accept"), actor: actorUri(origin, target), object: follow, to: follower.id });
  await queueActivity(deps, deps.db, target, { id: accept.id!.href, type: "Accept", body: await activityJson(accept) }, [account.remote_inbox]);
  deps.bus.emit("federation:queued", {});
}

/** An Undo of a Follow: the follower leaves. Only the Follow's own actor can undo it (the row is matched on both). */
async function onUndo(deps: InboxDeps, ctx: InboxContext<void>, undo: Undo, origin: string): Promise<void> {
  const actorId = undo.actorId?.href;
  if (!actorId) return;
  const object = await undo.getObject(ctx).catch(() => null);
  const followId = object instanceof Follow ? object.id?.href : undo.objectId?.href;
  const target = object instanceof Follow ? localActor(origin, object.objectId) : null;
  let removal = deps.db.deleteFrom("federation_follower").where("remote_actor", "=", actorId);
  removal = target ? removal.where("actor_type", "=", target.type).where("actor_id", "=", target.id) : removal.where("follow_activity", "=", followId ?? "");
  await removal.execute();
}

/**
 * A remote account's answer to a member's Follow (./following.ts): an Accept makes it followed, a Reject (refused, or
 * the member removed from its followers later) ends it. Matched on the Follow's id and the answering actor.
 */
async function onAnswer(deps: InboxDeps, ctx: InboxContext<void>, answer: Accept | Reject, outcome: "accepted" | "rejected"): Promise<void> {
  const actorId = answer.actorId?.href;
  const object = await answer.getObject(ctx).catch(() => null);
  const followId = object instanceof Follow ? object.id?.href : answer.objectId?.href;
  if (!actorId || !followId) return;
  const mine = deps.db.selectFrom("federation_following").select("id").where("follow_activity", "=", followId).where("remote_actor", "=", actorId);
  if (outcome === "accepted") await deps.db.updateTable("federation_following").set({ state: "accepted", accepted_at: deps.now() }).where("id", "in", mine).execute();
  else await deps.db.deleteFrom("federation_following").where("id", "in", mine).execute();
}

/**
 * A Note created on another server: a post of an account members follow reaches each of them as a notification; a
 * reply to one of Arena's posts reaches the post's owner.
 */
async function onCreate(deps: InboxDeps, ctx: InboxContext<void>, create: Create, origin: string): Promise<void> {
  const note = await create.getObject(ctx).catch(() => null);
  const authorId = create.actorId;
  if (!(note instanceof Note) || !authorId || note.attributionId?.href !== authorId.href) return;
  const author = await create.getActor(ctx).catch(() => null);
  const words = {
    handle: author && isActor(author) ? remoteAccountRow(author).remote_handle : `@?@${authorId.host}`,
    name: author?.name?.toString() ?? "",
    text: plainText(note.content?.toString() ?? ""),
  };
  const link = (note.url instanceof URL ? note.url.href : note.url?.href?.href) ?? note.id?.href ?? authorId.href;
  await notifyFollowingMembers(deps, authorId.href, words, link);
  const repliedPost = localPostId(origin, note.replyTargetId);
  if (repliedPost) await notifyPostOwner(deps, repliedPost, "fediverse_reply", { ...words }, link);
}

async function notifyFollowingMembers(deps: InboxDeps, authorId: string, words: { handle: string; name: string; text: string }, link: string): Promise<void> {
  const members = await deps.db
    .selectFrom("federation_following")
    .innerJoin("channel", "channel.id", "federation_following.channel_id")
    .select("channel.user_id")
    .where("federation_following.remote_actor", "=", authorId)
    .where("federation_following.state", "=", "accepted")
    .execute();
  await notify(deps as AppDeps, [...new Set(members.map((row) => row.user_id))], { type: "fediverse_post", actorId: null, link, data: words });
}

/** A boost of one of Arena's posts: its owner hears who boosted it. */
async function onAnnounce(deps: InboxDeps, announce: Announce, origin: string): Promise<void> {
  const postId = localPostId(origin, announce.objectId);
  const booster = announce.actorId;
  if (!postId || !booster) return;
  const known = await deps.db.selectFrom("federation_follower").select(["remote_handle", "remote_name"]).where("remote_actor", "=", booster.href).executeTakeFirst();
  const words = { handle: known?.remote_handle ?? booster.href, name: known?.remote_name ?? "" };
  await notifyPostOwner(deps, postId, "fediverse_boost", words, null);
}

/** Tells the owner of the post's actor; the link is the remote reply, or the page the post is about. */
async function notifyPostOwner(deps: InboxDeps, postId: number, type: "fediverse_reply" | "fediverse_boost", words: Record<string, string>, link: string | null): Promise<void> {
  const post = await deps.db.selectFrom("federation_post").select(["actor_type", "actor_id", "url"]).where("id", "=", postId).where("deleted_at", "is", null).executeTakeFirst();
  if (!post) return;
  const actor = { type: post.actor_type, id: post.actor_id };
  const [owner, profile] = await Promise.all([actorOwnerId(deps.db, actor), actorProfile(deps.db, actor)]);
  if (!owner || !profile) return;
  await notify(deps as AppDeps, [owner], { type, actorId: null, link: link ?? profile.page, data: { ...words, thing: profile.name } });
}

/** A remote account deleted: it follows nothing here any more, and members stop following it. */
async function onDelete(deps: InboxDeps, remove: Delete): Promise<void> {
  const actorId = remove.actorId?.href;
  if (!actorId || remove.objectId?.href !== actorId) return;
  await deps.db.deleteFrom("federation_follower").where("remote_actor", "=", actorId).execute();
  await deps.db.deleteFrom("federation_following").where("remote_actor", "=", actorId).execute();
}

/** Whether an instance may be heard at all (checked by the routes before Fedify reads anything). */
export async function instanceBlocked(deps: Pick<AppDeps, "db" | "config">, host: string): Promise<boolean> {
  return isBlockedInstance(host.toLowerCase(), (await siteSettings(deps)).federationBlockedInstances);
}
