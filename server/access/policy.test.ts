import { beforeAll, describe, expect, it } from "bun:test";
import type { EventRow, User } from "../../db/types.ts";
import { freshDeps } from "../../tests/fixtures/service-world.ts";
import { AppError } from "../http/errors.ts";
import { assign } from "../assignments/service.ts";
import { changeStatus, getEvent, listParticipants, register } from "../events/service.ts";
import { listEvents } from "../events/queries.ts";
import { eventTickets, purchase, revokedCodes, ticketTypesFor } from "../tickets/service.ts";
import { joinTournament } from "../tournaments/commands.ts";
import { exportTournament, getTournamentForViewer, isTournamentAdmin, listPlayers, rounds } from "../tournaments/queries.ts";

// Every path into "who may see or change this", driven for each kind of caller and each state of the
// thing, and checked against the tables below: written from the specs, not from access/policy.ts.

const w = await freshDeps();
const { deps } = w;

type Actor = "anonymous" | "member" | "guest" | "owner" | "admin";
type State = "draft" | "private" | "published" | "cancelled";
const actors: Actor[] = ["anonymous", "member", "guest", "owner", "admin"];
const states: State[] = ["draft", "private", "published", "cancelled"];

/**
 * Who sees an event (its page, ticket types, participants; who may try to register or buy). A "guest"
 * is a member the event concerns (a streamer assigned to it): a private event is theirs to see, a
 * draft is not yet anyone's but its organiser's and admins'.
 */
const seesEvent: Record<State, Record<Actor, boolean>> = {
  draft: { anonymous: false, member: false, guest: false, owner: true, admin: true },
  private: { anonymous: false, member: false, guest: true, owner: true, admin: true },
  published: { anonymous: true, member: true, guest: true, owner: true, admin: true },
  cancelled: { anonymous: true, member: true, guest: true, owner: true, admin: true },
};
/** The events list shows public events that left the draft stage, to everyone alike. */
const listed: Record<State, boolean> = { draft: false, private: false, published: true, cancelled: true };
/** Who manages an event or a tournament, whatever its state: its organiser and admins. */
const manages: Record<Actor, boolean> = { anonymous: false, member: false, guest: false, owner: true, admin: true };

/** "hidden" when the call answers that the event does not exist, "seen" for any other answer. */
async function outcome(call: Promise<unknown>): Promise<"seen" | "hidden"> {
  try {
    await call;
    return "seen";
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.status === 404 && error.code === "event_not_found" ? "hidden" : "seen";
  }
}

async function refusalCode(call: Promise<unknown>): Promise<string | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

const people = {} as Record<Exclude<Actor, "anonymous">, User>;
const events = {} as Record<State, EventRow>;
const callerOf = (actor: Actor): User | undefined => (actor === "anonymous" ? undefined : people[actor]);

beforeAll(async () => {
  people.owner = await w.makeUser({ role: "organizer" });
  people.member = await w.makeUser();
  people.guest = await w.makeUser({ role: "streamer" });
  people.admin = await w.makeAdmin();
  for (const person of Object.values(people)) await w.fundUser(person, 10_000);
  events.draft = await w.makeEvent(people.owner, { status: "draft", name: "Brouillon" });
  events.private = await w.makeEvent(people.owner, { isPublic: false, name: "Soirée privée" });
  events.published = await w.makeEvent(people.owner, { name: "LAN ouverte" });
  events.cancelled = await changeStatus(deps, people.owner, (await w.makeEvent(people.owner, { name: "LAN annulée" })).id, "cancelled");
  for (const state of states) {
    if (state !== "cancelled") await assign(deps, people.owner, { eventId: events[state].id, streamerId: people.guest.id, role: "main_streamer", notes: "" });
  }
});

describe.each(states)("a %s event", (state) => {
  const seen = (actor: Actor) => (seesEvent[state][actor] ? "seen" : "hidden");

  it.each(actors)("its page, ticket types and participants follow the table for a caller who is %s", async (actor) => {
    const event = events[state];
    const viewer = callerOf(actor);
    expect(await outcome(getEvent(deps, event.slug, "en", viewer))).toBe(seen(actor));
    expect(await outcome(ticketTypesFor(deps, viewer, event.id, "en"))).toBe(seen(actor));
    expect(await outcome(listParticipants(deps, viewer, event.id))).toBe(seen(actor));
  });

  it.each(actors)("is in the events list as the table says, for a caller who is %s", async (actor) => {
    const slugs = (await listEvents(deps, "en", { page: 1, limit: 100 }, callerOf(actor))).events.map((event) => event.slug);
    expect(slugs.includes(events[state].slug)).toBe(listed[state]);
  });

  it.each(actors.filter((a) => a !== "anonymous"))("its tickets and revoked codes are for its managers only, not a caller who is %s", async (actor) => {
    const event = events[state];
    const expected = manages[actor] ? "seen" : "hidden";
    expect(await outcome(eventTickets(deps, people[actor as Exclude<Actor, "anonymous">], event.id))).toBe(expected);
    expect(await outcome(revokedCodes(deps, people[actor as Exclude<Actor, "anonymous">], event.id))).toBe(expected);
  });

  it.each(actors.filter((a) => a !== "anonymous"))("buying and registering are told it does not exist exactly when it is hidden, for a caller who is %s", async (actor) => {
    const event = events[state];
    const buyer = people[actor as Exclude<Actor, "anonymous">];
    expect(await outcome(purchase(deps, w.signer, buyer, { userId: buyer.id, eventId: event.id, ticketType: "match" }, "en"))).toBe(seen(actor as Actor));
    expect(await outcome(register(deps, buyer, event.id))).toBe(seen(actor as Actor));
  });
});

describe("a tournament (every tournament is public)", () => {
  let tournamentId = 0;
  beforeAll(async () => {
    tournamentId = await w.makeTournament(people.owner);
    await joinTournament(deps, people.member, tournamentId);
  });

  it.each(actors)("its page, players and rounds are read by a caller who is %s, who manages it only as the table says", async (actor) => {
    const viewer = callerOf(actor);
    const page = await getTournamentForViewer(deps, tournamentId, viewer);
    expect(page.isAdmin).toBe(manages[actor]);
    expect(await isTournamentAdmin(deps, tournamentId, viewer)).toBe(manages[actor]);
    const players = await listPlayers(deps, viewer, tournamentId);
    expect(players.find((p) => p.userId === people.member.id)?.email).toBe(manages[actor] ? people.member.email : "");
    expect((await rounds(deps, tournamentId)).adminId).toBe(people.owner.id);
  });

  it.each(actors.filter((a) => a !== "anonymous"))("is exported only by its managers, not by a caller who is %s", async (actor) => {
    const code = await refusalCode(exportTournament(deps, people[actor as Exclude<Actor, "anonymous">], tournamentId));
    expect(code).toBe(manages[actor] ? null : "tournament_admin_only");
  });
});
