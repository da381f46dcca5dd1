import type { Db } from "../../db/index.ts";
import { identifierOf } from "./uris.ts";

// What the fediverse may follow (issue 38, item 1): every channel, and every tournament and event the public can see.
// An actor's identifier names the row (`channel-12`), so its id survives a renamed member; its handle is what a
// Mastodon user types: a channel's is its member's username, a tournament's or an event's `tournament-5`, `event-3`,
// which no username can be (usernames have no hyphen).

type ActorType = "channel" | "tournament" | "event";

export interface ActorRef {
  type: ActorType;
  id: number;
}

/** What an actor's document shows, read from the site's own rows; paths are the site's (/uploads/…, /stream/…). */
export interface ActorProfile {
  ref: ActorRef;
  /** The handle's name part: @name@host. */
  handle: string;
  name: string;
  /** Plain text; the document carries it escaped. */
  about: string;
  icon: string | null;
  banner: string | null;
  page: string;
  createdAt: number;
}

const IDENTIFIER = /^(channel|tournament|event)-([1-9]\d{0,15})$/;
const THING_HANDLE = /^(tournament|event)-([1-9]\d{0,15})$/;

export function parseIdentifier(identifier: string): ActorRef | null {
  const match = IDENTIFIER.exec(identifier);
  return match ? { type: match[1] as ActorType, id: Number(match[2]) } : null;
}

/** The identifier behind a handle's name (WebFinger's acct:name@host), or null when no such actor exists. */
export async function identifierOfHandle(db: Db, handle: string): Promise<string | null> {
  const thing = THING_HANDLE.exec(handle);
  if (thing) return thing[0];
  const channel = await publicChannels(db).where("user.username", "=", handle).select("channel.id").executeTakeFirst();
  return channel ? identifierOf({ type: "channel", id: channel.id }) : null;
}

/** The actor's profile, or null when it does not exist or the public may not see it (a draft, a private event). */
export function actorProfile(db: Db, ref: ActorRef): Promise<ActorProfile | null> {
  switch (ref.type) {
    case "channel":
      return channelProfile(db, ref.id);
    case "tournament":
      return tournamentProfile(db, ref.id);
    case "event":
      return eventProfile(db, ref.id);
  }
}

async function channelProfile(db: Db, id: number): Promise<ActorProfile | null> {
  const row = await publicChannels(db).where("channel.id", "=", id).select(["user.username", "user.about", "user.avatar", "user.banner", "user.created_at"]).executeTakeFirst();
  if (!row) return null;
  return { ref: { type: "channel", id }, handle: row.username, name: row.username, about: row.about, icon: row.avatar, banner: row.banner, page: `/stream/${row.username}`, createdAt: row.created_at };
}

async function tournamentProfile(db: Db, id: number): Promise<ActorProfile | null> {
  const row = await db
    .selectFrom("tournament")
    .where("tournament.id", "=", id)
    // A tournament is public unless an event that is still a draft or is private holds it.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("event")
            .select("event.id")
            .where("event.tournament_id", "=", id)
            .where((event) => event.or([event("event.is_public", "=", 0), event("event.status", "=", "draft")])),
        ),
      ),
    )
    .select(["name", "description", "poster", "cover", "created_at"])
    .executeTakeFirst();
  if (!row) return null;
  const ref: ActorRef = { type: "tournament", id };
  return { ref, handle: identifierOf(ref), name: row.name, about: row.description, icon: row.poster, banner: row.cover, page: `/tournament/${id}`, createdAt: row.created_at };
}

async function eventProfile(db: Db, id: number): Promise<ActorProfile | null> {
  const row = await db
    .selectFrom("event")
    .where("id", "=", id)
    .where("is_public", "=", 1)
    .where("status", "!=", "draft")
    .select(["slug", "name", "description", "cover_image", "created_at"])
    .executeTakeFirst();
  if (!row) return null;
  const ref: ActorRef = { type: "event", id };
  return { ref, handle: identifierOf(ref), name: row.name, about: row.description, icon: row.cover_image, banner: row.cover_image, page: `/events/${row.slug}`, createdAt: row.created_at };
}

/** A suspended member's channel is gone for the fediverse as it is for the site's pages. */
function publicChannels(db: Db) {
  return db.selectFrom("channel").innerJoin("user", "user.id", "channel.user_id").where("user.suspended_at", "is", null);
}

/** The member who owns an actor (the channel's streamer, the tournament's or the event's organiser), or null when gone. */
export async function actorOwnerId(db: Db, ref: ActorRef): Promise<number | null> {
  const row =
    ref.type === "channel"
      ? await db.selectFrom("channel").select("user_id as owner").where("id", "=", ref.id).executeTakeFirst()
      : ref.type === "tournament"
        ? await db.selectFrom("tournament").select("admin_id as owner").where("id", "=", ref.id).executeTakeFirst()
        : await db.selectFrom("event").select("created_by as owner").where("id", "=", ref.id).executeTakeFirst();
  return row?.owner ?? null;
}
