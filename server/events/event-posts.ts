import type { DbOrTransaction } from "../../db/index.ts";
import type { EventRow } from "../../db/types.ts";
import { federationOrigin } from "../federation/active.ts";
import { POST_LANGUAGE } from "../federation/notes.ts";
import { deletePosts, publishPost } from "../federation/posts/publish.ts";
import { postDate, postText } from "../federation/posts/texts.ts";
import type { AppDeps } from "../http/context.ts";
import { isOpenForSeats } from "./seats.ts";
import { listedTypes } from "./ticket-catalogue.ts";

// An event's posts (issue 38, item 3): published, tickets on sale, a week and a day before it starts. Published is
// told in the publishing transaction; the rest depend on the clock (a sale window opening, the start coming) and are
// found by a periodic site job (postEventCalendar), each once by its subject.

type PostDeps = Pick<AppDeps, "db" | "config" | "now">;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * When each reminder is due, before the start: a week before for a day, a day before for half a day. Outside its
 * window a reminder is not posted at all: an event published two days ahead has no "in a week", and a site that was
 * down through the window does not post a late one.
 */
const REMINDERS = [
  { subject: "week-before", kind: "event_week_before", text: "event_week_before", from: 7 * DAY, until: 6 * DAY },
  { subject: "day-before", kind: "event_day_before", text: "event_day_before", from: DAY, until: 12 * HOUR },
] as const;

const actorOf = (event: Pick<EventRow, "id">) => ({ type: "event" as const, id: event.id });

/**
 * The event was just published (in that transaction, after its status changed): its name, date and place, and
 * "tickets on sale" when they already are, so that a sale open from the start is one post, not two.
 */
export async function postEventPublished(deps: PostDeps, trx: DbOrTransaction, event: EventRow): Promise<boolean> {
  const onSale = await ticketsOnSale(trx, event, deps.now());
  const lines = [postText("event_published", { event: event.name, date: postDate(event.start_date) })];
  if (event.location.trim()) lines.push(postText("event_place", { location: event.location.trim() }));
  if (onSale) lines.push(postText("event_on_sale"));
  return publishPost(deps, trx, actorOf(event), { kind: onSale ? "event_published_tickets" : "event_published", subject: "published", lines, page: `/events/${event.slug}`, image: null });
}

/** A cancelled (deleted) event, or one taken back to draft or made private: its posts go, in that change's transaction. */
export function deleteEventPosts(deps: PostDeps, trx: DbOrTransaction, event: Pick<EventRow, "id">): Promise<number> {
  return deletePosts(deps, trx, actorOf(event));
}

/**
 * The clock's posts of the published public events still to come: tickets that went on sale since (a sale window
 * opened, a first type was added), and the reminders whose window the clock is in. Returns how many posts were made.
 */
export async function postEventCalendar(deps: Pick<AppDeps, "db" | "config" | "now">): Promise<number> {
  if (!(await federationOrigin(deps))) return 0;
  const now = deps.now();
  const events = await deps.db.selectFrom("event").selectAll().where("status", "=", "published").where("is_public", "=", 1).where("start_date", ">", now).execute();
  if (events.length === 0) return 0;
  const told = await deps.db
    .selectFrom("federation_post")
    .select(["actor_id", "kind", "subject", "created_at"])
    .where("actor_type", "=", "event")
    .where(
      "actor_id",
      "in",
      events.map((event) => event.id),
    )
    .execute();
  let posted = 0;
  for (const event of events) {
    const posts = told.filter((post) => post.actor_id === event.id);
    const published = posts.find((post) => post.subject === "published");
    const ticketsTold = posts.some((post) => post.subject === "tickets" || post.kind === "event_published_tickets");
    if (!ticketsTold && (await ticketsOnSale(deps.db, event, now))) {
      const lines = [postText("event_tickets", { event: event.name, date: postDate(event.start_date) })];
      if (await publishPost(deps, deps.db, actorOf(event), { kind: "event_tickets", subject: "tickets", lines, page: `/events/${event.slug}`, image: null })) posted++;
    }
    for (const reminder of REMINDERS) {
      const ahead = event.start_date - now;
      if (ahead > reminder.from || ahead <= reminder.until || posts.some((post) => post.subject === reminder.subject)) continue;
      // Followers who heard of the event inside the window were just told of it: no reminder on the heels of its post.
      if (published && published.created_at > event.start_date - reminder.from) continue;
      const lines = [postText(reminder.text, { event: event.name, date: postDate(event.start_date) })];
      if (await publishPost(deps, deps.db, actorOf(event), { kind: reminder.kind, subject: reminder.subject, lines, page: `/events/${event.slug}`, image: null })) posted++;
    }
  }
  return posted;
}

/** Whether a visitor could buy a ticket now: the event sells tickets and one listed type is on sale. */
async function ticketsOnSale(db: DbOrTransaction, event: EventRow, now: number): Promise<boolean> {
  if (!isOpenForSeats(event, now)) return false;
  const listing = await listedTypes(db, event, undefined, now, POST_LANGUAGE);
  return listing.sells && listing.types.some((type) => type.state === "on_sale");
}
