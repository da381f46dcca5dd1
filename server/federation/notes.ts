import { Create, Image, LanguageString, Note, PUBLIC_COLLECTION } from "@fedify/vocab";
import { defaultLanguage, type Language } from "../i18n/messages.ts";
import type { ActorRef } from "./actors.ts";
import { actorUri, followersUri, noteUri } from "./uris.ts";

// A post's Note and its Create, made from its federation_post row the same way when it is queued
// (server/federation/posts/) and when a remote server reads it back (./post-dispatchers.ts).

/**
 * The language every post is written in, and tagged with. A post is one Note all followers read, written once when the
 * thing happens: it cannot be in each reader's language, so it is in the site's, French (what the site answers in
 * when nothing else is asked).
 */
export const POST_LANGUAGE: Language = defaultLanguage;

/** A stored post, as its Note is made from it. */
export interface PostRow {
  id: number;
  actor_type: ActorRef["type"];
  actor_id: number;
  kind: string;
  content: string;
  url: string;
  image: string | null;
  created_at: number;
}

/** The post's Note: public, copied to the actor's followers, in the posts' language, with its picture when it has one. */
export function noteOf(origin: string, post: PostRow): Note {
  const actor: ActorRef = { type: post.actor_type, id: post.actor_id };
  return new Note({
    id: noteUri(origin, post.id),
    attribution: actorUri(origin, actor),
    contents: [post.content, new LanguageString(post.content, POST_LANGUAGE)],
    url: new URL(post.url),
    tos: [PUBLIC_COLLECTION],
    ccs: [followersUri(origin, actor)],
    published: Temporal.Instant.fromEpochMilliseconds(post.created_at),
    attachments: post.image ? [new Image({ url: new URL(post.image), mediaType: mediaTypeOf(post.image) })] : [],
  });
}

/**
 * The post's Create, as queued and as the outbox lists it. A Create, never an Update: Mastodon drops an Update of a
 * Note it never saw, which is why PeerTube's "live started" never shows there.
 */
export function createOf(origin: string, post: PostRow): Create {
  const actor: ActorRef = { type: post.actor_type, id: post.actor_id };
  const note = noteOf(origin, post);
  return new Create({
    id: postActivityUri(origin, actor, "create", post.id),
    actor: actorUri(origin, actor),
    object: note,
    tos: [PUBLIC_COLLECTION],
    ccs: [followersUri(origin, actor)],
    published: note.published,
  });
}

/**
 * A post's activity id, under its actor (Mastodon checks an activity's host against its actor's). Fixed per post and
 * type, so a Delete queued twice (two nodes) is one delivery per inbox (the queue's unique activity and inbox).
 */
export function postActivityUri(origin: string, actor: ActorRef, type: "create" | "delete", postId: number): URL {
  return new URL(`${actorUri(origin, actor).href}#${type}-post-${postId}`);
}

/** Live thumbnails are JPEG (media/live-outputs.ts), uploads WebP (server/http/images.ts). */
function mediaTypeOf(url: string): string | null {
  if (url.endsWith(".jpg") || url.endsWith(".jpeg")) return "image/jpeg";
  if (url.endsWith(".webp")) return "image/webp";
  return url.endsWith(".png") ? "image/png" : null;
}
