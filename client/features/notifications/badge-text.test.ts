import { describe, expect, it } from "bun:test";
import { badgeText } from "./badge-text.ts";

describe("badgeText", () => {
  it("shows nothing without unread notifications, the count up to 99, then '+99' (spec 01 §5)", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe("1");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("+99");
    expect(badgeText(12_345)).toBe("+99");
  });
});
