import { describe, expect, it } from "bun:test";
import { isNotFound } from "@tanstack/react-router";
import { idParams } from "./routing.ts";

const { parse, stringify } = idParams("id");

const refusal = (raw: string): unknown => {
  try {
    parse({ id: raw });
  } catch (error) {
    return error;
  }
  return undefined;
};

describe("a numeric route param", () => {
  it("parses digits into the id the queries use, and back", () => {
    expect(parse({ id: "42" })).toEqual({ id: 42 });
    expect(stringify({ id: 42 })).toEqual({ id: "42" });
  });

  it("is not found for anything else, so no NaN reaches a query key", () => {
    for (const raw of ["abc", "12abc", "1e3", "-1", "0", "01", " 7", "1.5", "", "99999999999999999"]) {
      expect(isNotFound(refusal(raw)), raw).toBe(true);
    }
  });
});
