import { describe, expect, it } from "bun:test";
import { ApiError } from "../../lib/api.ts";
import { followFailureText } from "./follow-failure.ts";

const t = (key: string) => `<${key}>`;

describe("followFailureText", () => {
  it("gives the server's reason for a refused follow, never 'following is not implemented'", () => {
    expect(followFailureText(new ApiError(400, "cannot_follow_self", "You cannot follow yourself."), t)).toBe("You cannot follow yourself.");
    expect(followFailureText(new ApiError(404, "not_found", "Channel not found."), t)).toBe("Channel not found.");
  });

  it("says 'Internal server error.' for a 5xx, the outage text without an answer, and 'blocked' otherwise (spec 01 §8)", () => {
    expect(followFailureText(new ApiError(503, "internal", "down"), t)).toBe("<follow_server_error>");
    expect(followFailureText(new ApiError(0, "network_error", ""), t)).toBe("<follow_outage>");
    expect(followFailureText(new ApiError(429, "rate_limited", "slow down"), t)).toBe("<follow_blocked>");
    expect(followFailureText(new Error("CSP"), t)).toBe("<follow_blocked>");
  });
});
