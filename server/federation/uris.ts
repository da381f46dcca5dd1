import { randomUUID } from "node:crypto";
import type { ActorRef } from "./actors.ts";

// The fediverse addresses of Arena's things, all under the site's fediverse origin (a site setting). Fedify routes
// the same paths (server/federation/federation.ts); these build them where no Fedify context is at hand (a post
// queued from a tournament's transaction).

export const ACTOR_PATH = "/ap/actors/{identifier}";
export const INBOX_PATH = "/ap/actors/{identifier}/inbox";
export const SHARED_INBOX_PATH = "/ap/inbox";
export const OUTBOX_PATH = "/ap/actors/{identifier}/outbox";
export const FOLLOWERS_PATH = "/ap/actors/{identifier}/followers";
export const NOTE_PATH = "/ap/notes/{id}";

export const identifierOf = (ref: ActorRef) => `${ref.type}-${ref.id}`;

export const actorUri = (origin: string, ref: ActorRef) => new URL(`/ap/actors/${identifierOf(ref)}`, origin);
export const followersUri = (origin: string, ref: ActorRef) => new URL(`/ap/actors/${identifierOf(ref)}/followers`, origin);
export const noteUri = (origin: string, postId: number) => new URL(`/ap/notes/${postId}`, origin);

/**
 * A new activity's id. Arena keeps no activity documents to serve (Mastodon reads the activity in the inbox and never
 * fetches it back): the id only has to be unique and under the actor, as Mastodon checks an id's host.
 */
export const newActivityUri = (origin: string, ref: ActorRef, type: string) => new URL(`/ap/actors/${identifierOf(ref)}#${type.toLowerCase()}-${randomUUID()}`, origin);
