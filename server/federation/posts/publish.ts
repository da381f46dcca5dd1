import { Delete, PUBLIC_COLLECTION, Tombstone } from "@fedify/vocab";
import type { DbOrTransaction } from "../../../db/index.ts";
import { escapeAttribute } from "../../../shared/embeds.ts";
import type { AppDeps } from "../../http/context.ts";
import { siteSettings } from "../../site/settings/settings.ts";
import { activeOrigin } from "../active.ts";
import { type ActorRef, actorProfile } from "../actors.ts";
import { queueForFollowers } from "../delivery-queue.ts";
import { createOf, postActivityUri } from "../notes.ts";
import { actorUri, followersUri, noteUri } from "../uris.ts";

// What Arena's actors post on the fediverse (issue 38, item 3): a row in federation_post, then a `Create` of its `Note`
// queued for every follower's inbox (server/federation/notes.ts). Each post names its subject (a live, a match,
// "published"), unique per actor, so a second trigger of the same thing (another node, a retried transaction) posts
// nothing. The domains call this layer where their things happen, inside their own transactions: the channel's lives
// (./live.ts), a tournament's bracket (server/tournaments/bracket-posts.ts), an event's (server/events/event-posts.ts).

type PostKind =
  | "live_started"
  | "live_ended"
  | "tournament_started"
  | "match_result"
  | "tournament_champion"
  | "event_published"
  | "event_published_tickets"
  | "event_tickets"
  | "event_week_before"
  | "event_day_before";

type PostDeps = Pick<AppDeps, "db" | "config" | "now">;

/** What a post says, before it is written: words from the site, still plain text. */
interface PostDraft {
  kind: PostKind;
  /** What the post is about, unique per actor ("live-12", "match-3", "published"). */
  subject: string;
  /** Plain text, one paragraph per line; escaped when the Note is made. */
  lines: string[];
  /** The site's page the post links to ("/stream/alice"). */
  page: string;
  /** A picture everyone may see (a site path), or null: a restricted live's stays behind its rule. */
  image: string | null;
}

/**
 * Posts `draft` as `actor` when the site federates and the actor is public; returns whether a post was made (the
 * caller emits "federation:queued" once its transaction is committed). Only database work, so it runs inside the
 * transaction of the change it tells, when there is one.
 */
export async function publishPost(deps: PostDeps, db: DbOrTransaction, actor: ActorRef, draft: PostDraft): Promise<boolean> {
  const origin = activeOrigin(deps, await siteSettings({ db, config: deps.config }));
  if (!origin || !(await actorProfile(db, actor))) return false;
  const url = new URL(draft.page, origin).href;
  const post = await db
    .insertInto("federation_post")
    .values({
      actor_type: actor.type,
      actor_id: actor.id,
      kind: draft.kind,
      subject: draft.subject,
      content: contentHtml(draft.lines, url),
      url,
      image: draft.image ? new URL(draft.image, origin).href : null,
      created_at: deps.now(),
      deleted_at: null,
    })
    .onConflict((oc) => oc.columns(["actor_type", "actor_id", "subject"]).doNothing())
    .returning(["id", "actor_type", "actor_id", "kind", "content", "url", "image", "created_at"])
    .executeTakeFirst();
  if (!post) return false;
  const create = createOf(origin, post);
  await queueForFollowers(deps, db, actor, { id: create.id!.href, type: "Create", body: await create.toJsonLd({ format: "compact" }) });
  return true;
}

/**
 * Deletes `actor`'s posts (those about `subjects`, or all of them): each is marked deleted, so its Note is gone from
 * the site, and a `Delete` of its `Tombstone` goes to the followers. Sent even when the actor is no longer public (a
 * cancelled or deleted thing): its key stays until the Delete is sent (forgetActorKeys, server/federation/keys.ts). Returns how many
 * deliveries were queued.
 */
export async function deletePosts(deps: PostDeps, db: DbOrTransaction, actor: ActorRef, subjects?: string[]): Promise<number> {
  if (subjects?.length === 0) return 0;
  const posts = await db
    .updateTable("federation_post")
    .set({ deleted_at: deps.now() })
    .where("actor_type", "=", actor.type)
    .where("actor_id", "=", actor.id)
    .where("deleted_at", "is", null)
    .$if(subjects !== undefined, (query) => query.where("subject", "in", subjects!))
    .returning("id")
    .execute();
  const origin = activeOrigin(deps, await siteSettings({ db, config: deps.config }));
  if (!origin) return 0;
  let queued = 0;
  // Oldest first, as they were posted (an UPDATE returns its rows in no set order on PostgreSQL).
  for (const post of posts.sort((a, b) => a.id - b.id)) {
    const deletion = new Delete({
      id: postActivityUri(origin, actor, "delete", post.id),
      actor: actorUri(origin, actor),
      object: new Tombstone({ id: noteUri(origin, post.id) }),
      tos: [PUBLIC_COLLECTION],
      ccs: [followersUri(origin, actor)],
    });
    queued += await queueForFollowers(deps, db, actor, { id: deletion.id!.href, type: "Delete", body: await deletion.toJsonLd({ format: "compact" }) });
  }
  return queued;
}

/** Every word from the site escaped, one paragraph per line, then the link to the page (Mastodon shows the Note's HTML). */
function contentHtml(lines: string[], url: string): string {
  const paragraphs = lines.map((line) => `<p>${escapeAttribute(line)}</p>`).join("");
  return `${paragraphs}<p><a href="${escapeAttribute(url)}">${escapeAttribute(url)}</a></p>`;
}
