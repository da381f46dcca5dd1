import { describe, expect, it } from "bun:test";
import { doorDataPaths, isDoorData, isDoorPage, isKeepDoorData } from "./door-worker-scope.ts";

describe("what the door's service worker answers", () => {
  it("answers offline only the door's own page", () => {
    expect(isDoorPage("/events/lan-du-rhone/scan")).toBe(true);
    expect(isDoorPage("/events/lan-du-rhone/scan/")).toBe(true);
    for (const other of ["/", "/events", "/events/lan-du-rhone", "/events/lan-du-rhone/manage", "/events/lan-du-rhone/scan/more", "/events//scan", "/tournaments"]) {
      expect([other, isDoorPage(other)]).toEqual([other, false]);
    }
  });

  it("keeps every answer the door reads for an event, and none of the API's other answers", () => {
    const event = { slug: "lan du rhône", id: 12 };
    expect(doorDataPaths(event)).toEqual(["/api/events/lan%20du%20rh%C3%B4ne", "/api/tickets/event/12", "/api/tickets/types/12", "/api/tickets/public-key"]);
    for (const path of doorDataPaths(event)) expect([path, isDoorData(path)]).toEqual([path, true]);
    for (const other of ["/api/tickets/validate", "/api/tickets/user", "/api/tickets/event/12/revoked", "/api/events/lan/participants", "/api/events", "/api/auth/me", "/api/wallet/balance/3"]) {
      expect([other, isDoorData(other)]).toEqual([other, false]);
    }
  });

  it("takes a page's request to keep data only in its own shape", () => {
    expect(isKeepDoorData({ type: "keep-door-data", paths: ["/api/tickets/public-key"], language: "fr" })).toBe(true);
    for (const other of [
      null,
      "keep-door-data",
      { type: "keep-door-data", paths: "/api/tickets/public-key", language: "fr" },
      { type: "keep-door-data", paths: [] },
      { type: "other", paths: [], language: "fr" },
    ]) {
      expect(isKeepDoorData(other)).toBe(false);
    }
  });
});
