import type { TestServer } from "../../tests/fixtures/server.ts";

/**
 * For `DEMO=1 SETUP=scripts/screenshot-setups/restricted-live.ts bun scripts/screenshots.ts …`: ZeldaPro's
 * demo live becomes for the ticket holders of her "LAN du Rhône 2027", and her chat for her followers
 * (issue 18, item 4), and so were her replays' lives: the refusal panels, the lock badges and the settings show that state.
 */
export async function setup(server: TestServer): Promise<void> {
  const { db } = server.deps;
  const zelda = await db.selectFrom("user").select("id").where("username", "=", "ZeldaPro").executeTakeFirstOrThrow();
  const event = await db.selectFrom("event").select("id").where("name", "=", "LAN du Rhône 2027").executeTakeFirstOrThrow();
  await db.updateTable("channel").set({ watch_access: "ticket", watch_event_id: event.id, chat_access: "followers" }).where("user_id", "=", zelda.id).execute();
  // Her demo replays were streamed under the same rule (the first one is /replay/1).
  const channel = await db.selectFrom("channel").select("id").where("user_id", "=", zelda.id).executeTakeFirstOrThrow();
  await db.updateTable("live_session").set({ watch_access: "ticket", watch_event_id: event.id }).where("channel_id", "=", channel.id).execute();
}
