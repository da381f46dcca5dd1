import { describe, expect, it } from "bun:test";
import { fpsUnstable } from "./sampler.ts";

describe("the stream health sampler", () => {
  it("calls a frame rate unstable when its last samples spread by more than 15 %", () => {
    expect(fpsUnstable([30, 29.9, 30])).toBe(false);
    expect(fpsUnstable([30, 22, 30])).toBe(true);
    expect(fpsUnstable([30, 20])).toBe(false);
  });
});
