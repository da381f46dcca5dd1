import { describe, expect, it } from "bun:test";
import { z } from "zod";
import { numeric } from "./numeric.ts";

describe("numeric", () => {
  const price = numeric(z.number().int().min(0));

  it("takes numbers and the text of numbers, as JSON, forms and query strings send them", () => {
    expect(price.parse(12)).toBe(12);
    expect(price.parse("12")).toBe(12);
    expect(numeric(z.number()).parse("-1.5e2")).toBe(-150);
  });

  it("refuses what z.coerce.number() would have turned into 1 or 0", () => {
    for (const value of [true, false, [1], ["1"], null, "", " ", " 1 ", "1 ", "\t7", "1,5", "0x10", "Infinity", { valueOf: () => 1 }]) {
      expect({ value, ok: price.safeParse(value).success }).toEqual({ value, ok: false });
    }
  });

  it("keeps the inner schema's default and optional", () => {
    const page = z.object({ page: numeric(z.number().int().min(1).optional().default(1)) });
    expect(page.parse({})).toEqual({ page: 1 });
    expect(page.parse({ page: "3" })).toEqual({ page: 3 });
    expect(page.safeParse({ page: [2] }).success).toBe(false);
  });
});
