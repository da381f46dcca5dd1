import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "../tests/fixtures/database.ts";
import { dialectOf, openDatabase } from "./index.ts";
import * as swissAndCheckin from "./migrations/0022_add_swiss_and_checkin.ts";

// Migration 0022 rebuilds `tournament` on SQLite to widen its format check: nothing may be lost on the way.
const folder = mkdtempSync(join(tmpdir(), "arena-formats-"));
const database = await createTestDatabase(folder);
const db = await openDatabase(database.target);
afterAll(async () => {
  await db.destroy();
  await database.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe(`the Swiss and check-in migration on ${dialectOf(db)}`, () => {
  it("keeps tournaments, their players, stations and references through a down and up, and still checks the format", async () => {
    const now = Date.now();
    const user = await db
      .insertInto("user")
      .values({ username: "formats", email: "formats@example.test", password_hash: null, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const tournament = await db
      .insertInto("tournament")
      .values({
        name: "Coupe",
        admin_id: user.id,
        structure: "s_elim",
        size: 4,
        game_id: null,
        start_date: null,
        end_date: null,
        poster: null,
        cover: null,
        bracket: null,
        champion_id: null,
        created_at: now,
        finished_at: null,
        swiss_rounds: null,
        checkin_opens_at: null,
        checkin_closes_at: null,
        checkin_closed_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("tournament_player").values({ tournament_id: tournament.id, user_id: user.id, status: "approved", joined_at: now, checked_in_at: null }).execute();
    await db.insertInto("tournament_station").values({ tournament_id: tournament.id, name: "Poste 1", streamer_id: null, match_id: null, assigned_at: null, created_at: now }).execute();

    await swissAndCheckin.down(db);
    await swissAndCheckin.up(db);

    expect(await db.selectFrom("tournament").select(["id", "name", "structure", "top_cut"]).where("id", "=", tournament.id).executeTakeFirst()).toEqual({
      id: tournament.id,
      name: "Coupe",
      structure: "s_elim",
      top_cut: 0,
    });
    expect(await db.selectFrom("tournament_player").select("user_id").where("tournament_id", "=", tournament.id).execute()).toEqual([{ user_id: user.id }]);
    // A swiss row is accepted, an unknown format still refused.
    await db.updateTable("tournament").set({ structure: "swiss" }).where("id", "=", tournament.id).execute();
    await expect(
      db
        .updateTable("tournament")
        .set({ structure: "bogus" as "swiss" })
        .where("id", "=", tournament.id)
        .execute(),
    ).rejects.toThrow();
    // References into the rebuilt table still cascade.
    await db.deleteFrom("tournament").where("id", "=", tournament.id).execute();
    expect(await db.selectFrom("tournament_player").select("id").where("tournament_id", "=", tournament.id).execute()).toEqual([]);
    expect(await db.selectFrom("tournament_station").select("id").where("tournament_id", "=", tournament.id).execute()).toEqual([]);
  });
});
