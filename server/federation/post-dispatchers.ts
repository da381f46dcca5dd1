import type { Federation } from "@fedify/fedify";
import { Note } from "@fedify/vocab";
import type { Db } from "../../db/index.ts";
import { type ActorRef, actorProfile, parseIdentifier } from "./actors.ts";
import { createOf, noteOf, type PostRow } from "./notes.ts";
import { NOTE_PATH, OUTBOX_PATH } from "./uris.ts";

// The posts as the fediverse reads them back (issue 38, item 3): a Note by its id (a remote server fetches it when a
// reply or a boost names it) and an actor's outbox, newest first (Mastodon reads it to fill a profile seen first).
// Only what the site shows: a deleted post, or one whose actor is no longer public, is a 404.

const PAGE_SIZE = 20;
/** The first page's cursor; the next ones are the id to start below. */
const NEWEST = "newest";

export function setPostDispatchers(federation: Federation<void>, deps: { db: Db }, origin: string): void {
  federation.setObjectDispatcher(Note, NOTE_PATH, async (_ctx, { id }) => {
    const post = /^[1-9]\d{0,15}$/.test(id) ? await posts(deps.db).where("id", "=", Number(id)).executeTakeFirst() : undefined;
    if (!post || !(await actorProfile(deps.db, { type: post.actor_type, id: post.actor_id }))) return null;
    return noteOf(origin, post);
  });
  federation
    .setOutboxDispatcher(OUTBOX_PATH, async (_ctx, identifier, cursor) => {
      const actor = await publicActor(deps.db, identifier);
      const below = cursor === null || cursor === NEWEST ? null : Number(cursor);
      if (!actor || (below !== null && !Number.isSafeInteger(below))) return null;
      const page = await postsOf(deps.db, actor)
        .$if(below !== null, (query) => query.where("id", "<", below!))
        .orderBy("id", "desc")
        .limit(PAGE_SIZE + 1)
        .execute();
      const items = page.slice(0, PAGE_SIZE);
      return { items: items.map((post) => createOf(origin, post)), nextCursor: page.length > PAGE_SIZE ? String(items.at(-1)!.id) : null };
    })
    .setFirstCursor(async (_ctx, identifier) => ((await publicActor(deps.db, identifier)) ? NEWEST : null))
    .setCounter(async (_ctx, identifier) => {
      const actor = await publicActor(deps.db, identifier);
      if (!actor) return null;
      const row = await postsOf(deps.db, actor)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    });
}

async function publicActor(db: Db, identifier: string): Promise<ActorRef | null> {
  const ref = parseIdentifier(identifier);
  return ref && (await actorProfile(db, ref)) ? ref : null;
}

/** The posts still shown, as a Note is made from them. */
function posts(db: Db) {
  return db.selectFrom("federation_post").select(["id", "actor_type", "actor_id", "kind", "content", "url", "image", "created_at"]).where("deleted_at", "is", null).$narrowType<PostRow>();
}

function postsOf(db: Db, actor: ActorRef) {
  return posts(db).where("actor_type", "=", actor.type).where("actor_id", "=", actor.id);
}
