import { describe, expect, it } from "bun:test";
import { canStartWith, defaultSwissRounds, FORMATS, maxSwissRounds, SIZES, toScore } from "./tournaments.ts";

// The rules the server enforces and the forms offer (the server's own tests play them through its routes and services).
describe("tournament sizes", () => {
  it("gives each format its sizes, Swiss any of the usual steps from 4 to 64", () => {
    expect(Object.keys(SIZES).sort()).toEqual([...FORMATS].sort());
    expect(SIZES.s_elim).toEqual([4, 8, 16, 32]);
    expect(SIZES.d_elim).toEqual([4, 8, 16, 32]);
    expect(SIZES.robin).toEqual([2, 4, 6, 8]);
    expect(SIZES.swiss).toEqual([4, 6, 8, 10, 12, 16, 24, 32, 48, 64]);
  });

  it("lists 8 for every format, the create form's default (spec 02 §9)", () => {
    for (const format of FORMATS) expect(SIZES[format]).toContain(8);
  });
});

describe("Swiss rounds", () => {
  it("defaults to ceil(log2 n) rounds", () => {
    expect([4, 5, 6, 8, 33, 64].map(defaultSwissRounds)).toEqual([2, 3, 3, 3, 6, 6]);
  });

  it("allows up to half the field, or the default where that is more", () => {
    expect([4, 5, 6, 10, 16, 64].map(maxSwissRounds)).toEqual([2, 3, 3, 5, 8, 32]);
  });
});

describe("when a tournament may start", () => {
  it("needs every format full without a check-in", () => {
    for (const structure of FORMATS) {
      expect(canStartWith({ structure, size: 8, hasCheckIn: false }, 8)).toBe(true);
      expect(canStartWith({ structure, size: 8, hasCheckIn: false }, 7)).toBe(false);
    }
  });

  it("starts a Swiss that held a check-in with whoever came, 4 at least", () => {
    const swiss = { structure: "swiss" as const, size: 8, hasCheckIn: true };
    expect([3, 4, 5, 8, 9].map((players) => canStartWith(swiss, players))).toEqual([false, true, true, true, false]);
  });

  it("still needs the other formats full after a check-in (the waiting list fills the places)", () => {
    expect(canStartWith({ structure: "s_elim", size: 8, hasCheckIn: true }, 6)).toBe(false);
    expect(canStartWith({ structure: "robin", size: 4, hasCheckIn: true }, 4)).toBe(true);
  });
});

describe("a score as typed", () => {
  it("keeps whole numbers of 0 or more, rounding down", () => {
    expect([3, "3", "2.7", "0", 0].map(toScore)).toEqual([3, 3, 2, 0, 0]);
  });

  it("counts anything else as 0 (spec 02 §4)", () => {
    expect(["abc", "-1", -2, "", null, undefined, "Infinity", Number.NaN, [7, 8], {}].map(toScore)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
