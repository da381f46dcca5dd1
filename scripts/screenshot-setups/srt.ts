import { setSrt } from "../../server/srt/ports.ts";
import type { TestServer } from "../../tests/fixtures/server.ts";

/**
 * For `DEMO=1 SETUP=scripts/screenshot-setups/srt.ts SCROLL_TO=.srt-panel bun scripts/screenshots.ts "settings-srt=/settings?tab=channel=user"`:
 * the site offers SRT (SRT_PORTS as if set; nothing listens, the shot needs none) and ZeldaPro has it on, so her
 * channel settings show the switch on and the masked srt:// address.
 */
export async function setup(server: TestServer): Promise<void> {
  server.deps.config.srtPorts = [9000, 9049];
  const zelda = await server.deps.db.selectFrom("user").selectAll().where("username", "=", "ZeldaPro").executeTakeFirstOrThrow();
  await setSrt(server.deps, zelda, true);
}
