import { describe, expect, it } from "bun:test";
import { freshDeps, HOUR } from "../../tests/fixtures/service-world.ts";
import { forgetOldLoginFailures, recordLoginFailure } from "./lockout.ts";

const { db, clock } = await freshDeps();

describe("forgetOldLoginFailures", () => {
  it("deletes the failures a day old, which lock nothing any more, and keeps the recent ones", async () => {
    await recordLoginFailure(db, "user:1", "198.51.100.1", clock.now());
    clock.advance(23 * HOUR);
    await recordLoginFailure(db, "user:1", "198.51.100.2", clock.now());
    clock.advance(2 * HOUR);
    await forgetOldLoginFailures(db, clock.now());
    const left = await db.selectFrom("login_failure").select("address").where("account", "=", "user:1").execute();
    expect(left.map((row) => row.address)).toEqual(["198.51.100.2"]);
  });
});
