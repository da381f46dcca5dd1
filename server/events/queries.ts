import { type Expression, type SqlBool, sql } from "kysely";
import type { DbOrTransaction } from "../../db/index.ts";
import type { EventRow, User } from "../../db/types.ts";
import { isListedEvent } from "../access/policy.ts";
import type { AppDeps } from "../http/context.ts";
import type { Language } from "../i18n/messages.ts";
import { idsContaining } from "../search/indexes.ts";
import { fold } from "../../shared/fold.ts";
import { likePattern } from "../text/like-pattern.ts";
import { seatsHeldOf, seatTiesOf } from "./seats.ts";
import { listingsOf, priceRange } from "./ticket-catalogue.ts";

/**
 * The events' read model (issue 35): the public list, an organiser's events, a member's registrations and one
 * event's card, each a page read in SQL (filters, search and paging) and its cards in a fixed number of queries
 * whatever their number, as tournaments' `tournamentSummaries` does.
 */

interface Page {
  page: number;
  limit: number;
}

/** What the search looks in: `event.search_text`, kept by createEvent and updateEvent (migration 0033 filled it). */
export function searchTextOf(event: { name: string; description: string; location: string }): string {
  return fold(`${event.name} ${event.description} ${event.location}`);
}

/** An event row with its category and organiser, joined: the page is one query. */
function cardRows(db: DbOrTransaction) {
  return db
    .selectFrom("event")
    .innerJoin("event_category as category", "category.id", "event.category_id")
    .innerJoin("user as organizer", "organizer.id", "event.created_by")
    .selectAll("event")
    .select([
      "category.name_fr as category_name_fr",
      "category.name_en as category_name_en",
      "category.icon as category_icon",
      "category.color as category_color",
      "category.slug as category_slug",
      "organizer.username as organizer_username",
      "organizer.first_name as organizer_first_name",
      "organizer.last_name as organizer_last_name",
      "organizer.avatar as organizer_avatar",
    ]);
}
type CardRow = Awaited<ReturnType<ReturnType<typeof cardRows>["executeTakeFirstOrThrow"]>>;

/** A page of rows: one more is read to tell whether another page follows. */
async function pageOf(query: ReturnType<typeof cardRows>, { page, limit }: Page) {
  const rows = await query
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return { rows: rows.slice(0, limit), pagination: { page, limit, hasMore: rows.length > limit } };
}

/** Public events that are not drafts (access/policy.ts `isListedEvent`), soonest first; by words and category. */
export async function listEvents(deps: AppDeps, lang: Language, filter: Page & { search?: string; category?: number }, viewer?: User) {
  let query = cardRows(deps.db).where(isListedEvent);
  if (filter.category) query = query.where("event.category_id", "=", filter.category);
  const needle = filter.search ? fold(filter.search) : "";
  if (needle) query = query.where(await containing(deps.db, needle));
  // The start is the order; the id breaks ties, so a page never repeats or skips an event of the one before.
  const { rows, pagination } = await pageOf(query.orderBy("event.start_date").orderBy("event.id"), filter);
  return { events: await eventCards(deps, rows, lang, viewer), pagination };
}

/** Events `user` organises, drafts included, latest start first. */
export async function myEvents(deps: AppDeps, user: User, lang: Language, page: Page) {
  const query = cardRows(deps.db).where("event.created_by", "=", user.id).orderBy("event.start_date", "desc").orderBy("event.id", "desc");
  const { rows, pagination } = await pageOf(query, page);
  return { events: await eventCards(deps, rows, lang, user), pagination };
}

/** Events `user` registered for (pending, approved or rejected), latest start first. */
export async function joinedEvents(deps: AppDeps, user: User, lang: Language, page: Page) {
  const query = cardRows(deps.db)
    .innerJoin("event_participant", "event_participant.event_id", "event.id")
    .where("event_participant.user_id", "=", user.id)
    .orderBy("event.start_date", "desc")
    .orderBy("event.id", "desc");
  const { rows, pagination } = await pageOf(query, page);
  return { events: await eventCards(deps, rows, lang, user), pagination };
}

/** One event's card, as the lists show it (its page adds its participants): the row with its category and organiser. */
export async function eventCard(deps: AppDeps, event: EventRow, lang: Language, viewer?: User) {
  const row = await cardRows(deps.db).where("event.id", "=", event.id).executeTakeFirstOrThrow();
  return (await eventCards(deps, [row], lang, viewer))[0]!;
}

/** Past this many matches a term is common: its events are found by walking the list's order, not the index. */
const RARE_MATCHES = 1000;

/**
 * The events whose folded name, description or place contain `needle` (the search of before, `fold` on both sides).
 * A rare term's events are looked up in the trigram index (migration 0033) and named by id, so both databases
 * read those few rows and sort them; a common one is checked row by row along the list's order, where a page fills
 * after a few rows. Either way the work does not grow with the number of events (docs/benchmarks.md).
 */
async function containing(db: DbOrTransaction, needle: string): Promise<Expression<SqlBool>> {
  const { rows } = await sql<{ id: number }>`${idsContaining(db, "events", needle)} LIMIT ${RARE_MATCHES + 1}`.execute(db);
  if (rows.length > RARE_MATCHES) return sql<SqlBool>`event.search_text LIKE ${likePattern(needle)} ESCAPE '\\'`;
  if (rows.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`event.id IN (${sql.join(rows.map((row) => Number(row.id)))})`;
}

/**
 * The cards of many events in a fixed number of queries whatever their number: the seats held, the ticket types and
 * their sales, and the viewer's own registrations, tickets and assignments, each read once for the whole page.
 */
async function eventCards(deps: AppDeps, rows: CardRow[], lang: Language, viewer?: User) {
  if (rows.length === 0) return [];
  const now = deps.now();
  const ids = rows.map((row) => row.id);
  const [held, ties] = await Promise.all([seatsHeldOf(deps.db, ids, now), seatTiesOf(deps.db, ids, viewer)]);
  const listings = await listingsOf(deps.db, rows, viewer, now, lang, { ties, heldByOthers: viewer ? undefined : held });
  return rows.map((row) => {
    const tickets = listings.get(row.id)!;
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      categoryId: row.category_id,
      category: { id: row.category_id, name: lang === "en" ? row.category_name_en : row.category_name_fr, icon: row.category_icon, color: row.category_color, slug: row.category_slug },
      startDate: new Date(row.start_date).toISOString(),
      endDate: row.end_date === null ? null : new Date(row.end_date).toISOString(),
      maxParticipants: row.max_participants,
      ticketPrice: row.ticket_price,
      sellsTickets: tickets.sells,
      // What a ticket costs the viewer, from the catalogue the purchase reads (ticket-catalogue.ts).
      ticketPriceRange: priceRange(tickets),
      coverImage: row.cover_image,
      isPublic: row.is_public === 1,
      requiresApproval: row.requires_approval === 1,
      status: row.status,
      createdBy: String(row.created_by),
      location: row.location,
      rules: row.rules,
      tournamentId: row.tournament_id,
      creationCost: row.creation_cost,
      // The seats taken and those a waiting-list offer holds: the figure "complet" is judged by (seats.ts).
      currentParticipants: held.get(row.id) ?? 0,
      organizer: {
        id: row.created_by,
        name: `${row.organizer_first_name} ${row.organizer_last_name}`.trim() || row.organizer_username,
        username: row.organizer_username,
        avatar: row.organizer_avatar,
      },
      participantStatus: ties.get(row.id)?.registration ?? null,
    };
  });
}
