import { createTournament } from "../../server/tournaments/commands.ts";
import { CreateTournamentSchema } from "../../server/tournaments/schemas.ts";
import { ADMIN } from "../../tests/fixtures/money.ts";
import type { TestServer } from "../../tests/fixtures/server.ts";

/**
 * For `SETUP=scripts/screenshot-setups/swiss-settings.ts bun scripts/screenshots.ts "swiss-settings=/dashboard/settings/1=admin"`:
 * the site's admin organises a Swiss of 8 (tournament 1, not started) with 4 rounds and a top 4, so
 * its settings show the Swiss fields (issue 19, item 3).
 */
export async function setup(server: TestServer): Promise<void> {
  const admin = await server.deps.db.selectFrom("user").selectAll().where("username", "=", ADMIN.username).executeTakeFirstOrThrow();
  const input = CreateTournamentSchema.parse({ tournamentName: "Swiss du jeudi", format: "swiss", size: 8, gameID: 1, swissRounds: 4, topCut: 4, prize: "500 G-Coins" });
  await createTournament(server.deps, admin, input);
}
