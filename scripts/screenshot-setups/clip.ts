import { createClip } from "../../server/clips/service.ts";
import type { TestServer } from "../../tests/fixtures/server.ts";

/**
 * For `DEMO=1 SETUP=scripts/screenshot-setups/clip.ts bun scripts/screenshots.ts "clip-page=/clip/1" "replay=/replay/1"`:
 * ZeldaPro clips eight seconds of her first demo replay (/replay/1), cut by ffmpeg like any clip, so /clip/1
 * shows a playable clip beside the replay it came from.
 */
export async function setup(server: TestServer): Promise<void> {
  const { db } = server.deps;
  const zelda = await db.selectFrom("user").selectAll().where("username", "=", "ZeldaPro").executeTakeFirstOrThrow();
  const replay = await db.selectFrom("replay").select("id").orderBy("id").executeTakeFirstOrThrow();
  const made = await createClip(server.deps, zelda, { source: "replay", replayId: replay.id, start: 2, end: 10, title: "Le but de la soirée" });
  await made.done;
}
