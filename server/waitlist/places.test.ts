import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { ADMIN_ENV, adminBrowserOf, fundedUser, publishedEvent } from "../../tests/fixtures/money.ts";
import { startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { eventPlace } from "../events/seats.ts";
import type { PlaceKinds } from "../http/context.ts";
import { PLACE_KINDS, placeState, wirePlaceKinds } from "./places/offers.ts";

/**
 * The waiting list reads each kind of place through a reader wired at start-up (server/places.ts),
 * not through modules that register themselves when imported (issue 35, item 3).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
});
afterAll(() => server.stop());

describe("a server started the normal way", () => {
  it("can read every kind of place a waiting list queues for", () => {
    expect(PLACE_KINDS.toSorted()).toEqual(["event", "tournament"]);
    for (const kind of PLACE_KINDS) expect({ kind, reader: typeof server.deps.places[kind] }).toEqual({ kind, reader: "function" });
  });

  it("reads an event's seats and a tournament's slots through them", async () => {
    const organiser = await fundedUser(server, await adminBrowserOf(server), 1000);
    const event = await publishedEvent(organiser, { name: "Nuit du rétro", maxParticipants: 12 });
    const form = new FormData();
    for (const [key, value] of Object.entries({ tournamentName: "Coupe du lundi", format: "s_elim", size: "8", gameID: "1", timeZone: "Europe/Paris" })) form.append(key, value);
    const tournament = await organiser.browser.post("/api/tournament/create-tournament", form);
    expect(tournament.status).toBe(201);
    const now = Date.now();
    expect(await placeState(server.deps.db, server.deps.places, { kind: "event", id: event.id }, now)).toMatchObject({
      open: true,
      over: false,
      capacity: 12,
      taken: 0,
      name: "Nuit du rétro",
      link: `/events/${event.slug}`,
      organiserId: organiser.user.id,
    });
    expect(await placeState(server.deps.db, server.deps.places, { kind: "tournament", id: tournament.body.id }, now)).toMatchObject({
      open: true,
      over: false,
      capacity: 8,
      taken: 0,
      name: "Coupe du lundi",
      link: `/tournament/${tournament.body.id}`,
      organiserId: organiser.user.id,
    });
  });
});

describe("a kind left unwired", () => {
  it("stops the wiring at start-up, naming the kind", () => {
    expect(() => wirePlaceKinds({ event: eventPlace } as unknown as PlaceKinds)).toThrow('The waiting list cannot read places of kind "tournament": wire their reader in server/places.ts.');
  });

  it("fails the read loudly instead of answering that the place does not exist", async () => {
    const partial = { event: eventPlace } as unknown as PlaceKinds;
    await expect(placeState(server.deps.db, partial, { kind: "tournament", id: 1 }, Date.now())).rejects.toThrow('No waiting-list place of kind "tournament" is wired');
  });
});
