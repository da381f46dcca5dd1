import { describe, expect, it } from "bun:test";
import { eventKeys } from "./event-keys.ts";

/** TanStack Query matches keys by prefix: one key must never start another kind's. */
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.length <= key.length && prefix.every((part, i) => Object.is(part, key[i]));

describe("events query keys", () => {
  it("keep an event whose slug is a list's name apart from that list", () => {
    const lists = [eventKeys.mine, eventKeys.joined, eventKeys.categories, eventKeys.list("", null), eventKeys.participants(1)];
    for (const slug of ["mine", "joined", "categories", "list", "participants", "bySlug"]) {
      for (const list of lists) {
        expect(startsWith(eventKeys.one(slug), list)).toBe(false);
        expect(startsWith(list, eventKeys.one(slug))).toBe(false);
      }
      // Invalidating "events" still reaches every page.
      expect(startsWith(eventKeys.one(slug), eventKeys.all)).toBe(true);
    }
  });
});
