import { describe, expect, it } from "bun:test";
import { freshDeps } from "../../tests/fixtures/service-world.ts";
import { type Bucket, forgetStaleRateLimits, hitRateLimit, takeToken } from "./rate-limit.ts";

const world = await freshDeps();
const { db, clock } = world;
const THREE_A_SECOND: Bucket = { burst: 3, everyMs: 1000 };

/** How many of `calls` calls made at this instant the bucket lets through. */
async function allowed(key: string, calls: number): Promise<number> {
  let taken = 0;
  for (let call = 0; call < calls; call++) if (await takeToken(db, key, THREE_A_SECOND, clock.now())) taken += 1;
  return taken;
}

describe("takeToken", () => {
  it("lets a burst through, then one call per interval, and fills up again after a quiet spell", async () => {
    expect(await allowed("bucket:a", 5)).toBe(3);
    clock.advance(1000);
    expect(await allowed("bucket:a", 3)).toBe(1);
    clock.advance(500);
    expect(await allowed("bucket:a", 1)).toBe(0);
    clock.advance(500);
    expect(await allowed("bucket:a", 1)).toBe(1);
    clock.advance(60_000);
    expect(await allowed("bucket:a", 5)).toBe(3);
  });

  it("keeps one bucket per key, and refused calls do not empty it further", async () => {
    expect(await allowed("bucket:b", 50)).toBe(3);
    expect(await allowed("bucket:c", 1)).toBe(1);
    clock.advance(1000);
    expect(await allowed("bucket:b", 1)).toBe(1);
  });

  it("gives exactly the burst to calls racing each other on the pool's connections", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => takeToken(db, "bucket:race", THREE_A_SECOND, clock.now())));
    expect(answers.filter(Boolean)).toHaveLength(3);
  });
});

describe("hitRateLimit", () => {
  it("refuses the call past the window's allowance, with the seconds left to wait", async () => {
    const limit = { max: 2, windowMs: 60_000 };
    await hitRateLimit(db, "window:a", limit, clock.now());
    await hitRateLimit(db, "window:a", limit, clock.now());
    clock.advance(15_000);
    await expect(hitRateLimit(db, "window:a", limit, clock.now())).rejects.toMatchObject({ status: 429, options: { headers: { "Retry-After": "45" } } });
    clock.advance(45_000);
    await hitRateLimit(db, "window:a", limit, clock.now());
  });
});

describe("forgetStaleRateLimits", () => {
  it("deletes the rows untouched for a day and keeps the ones a limit still reads", async () => {
    await hitRateLimit(db, "window:old", { max: 5, windowMs: 60_000 }, clock.now());
    clock.advance(25 * 3_600_000);
    await hitRateLimit(db, "window:recent", { max: 5, windowMs: 3_600_000 }, clock.now());
    await takeToken(db, "bucket:recent", THREE_A_SECOND, clock.now());
    await forgetStaleRateLimits(db, clock.now());
    const keys = await db.selectFrom("rate_limit").select("key").where("key", "in", ["window:old", "window:recent", "bucket:recent"]).orderBy("key").execute();
    expect(keys.map((row) => row.key)).toEqual(["bucket:recent", "window:recent"]);
  });
});
