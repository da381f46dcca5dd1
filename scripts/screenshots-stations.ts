// Screenshots of the stations screens (issue 18, item 1) at phone and desktop width, dark and light, into
// docs/screenshots/: the organiser's stations panel with the cards' stations, the "Live now" strip a visitor
// sees, the match banner on a station's stream page (with the bracket's lines in its chat), and the
// streamer's switch for those lines. Usage: bun scripts/screenshots-stations.ts
// (needs the built web app and Debian's chromium). The channel is marked on air in the database: no video.
import { createChannel } from "../server/channels/own-channel.ts";
import { launchChromium } from "../tests/fixtures/chromium.ts";
import { SCREENSHOTS_DIR, shoot } from "./lib/shoot.ts";
import { signedInUser, startTestServer } from "../tests/fixtures/server.ts";

const server = await startTestServer();
const browser = await launchChromium();
try {
  const organiser = await signedInUser(server, { username: "LanOrga" });
  const form = new FormData();
  for (const [key, value] of Object.entries({ tournamentName: "Finale LAN", format: "s_elim", size: "8", gameID: "1" })) form.append(key, value);
  const id = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
  await organiser.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: organiser.user.id });
  for (const username of ["ZeldaPro", "Orion20", "KiraBlade", "NovaFox", "Pixelle", "Drakkar", "Mistral"]) {
    const player = await signedInUser(server, { username });
    await player.browser.post("/api/tournament/join-tournament", { tournmentID: id, PlayerID: player.user.id });
  }
  for (const p of (await organiser.browser.get(`/api/tournament/players/getPlayers/${id}`)).body.filter((p: { status: string }) => p.status === "pending"))
    await organiser.browser.put("/api/tournament/approve-player", { tournmentID: id, PlayerID: p.id });
  await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id });
  const caster = await signedInUser(server, { username: "CastMaster" });
  const channel = await createChannel(server.deps, caster.user.id);
  await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Scène principale", channel: "CastMaster" });
  await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Poste 2" });
  await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Poste 3" });
  await organiser.browser.put(`/api/tournament/${id}/auto-assign`, { autoAssign: true });
  await organiser.browser.post(`/api/tournament/start-match/${id}-0`);
  await server.deps.db.updateTable("channel").set({ is_live: 1 }).where("id", "=", channel.id).execute();

  const shots = [
    { name: "stations-organiser", path: `/tournament/${id}?tab=brackets`, as: organiser },
    { name: "stations-live-now", path: `/tournament/${id}?tab=brackets`, as: null },
    { name: "stations-stream-banner", path: "/stream/CastMaster", as: null, offAir: true },
    // The streamer's switch for the bracket's lines in their chat (item 2), on the Channel tab of the settings.
    { name: "stations-chat-switch", path: "/settings", as: caster, tab: "Chaîne", offAir: true },
  ];
  for (const shot of shots) {
    // The stream page is shot off air: a channel marked live without a stream would show a player's error.
    if (shot.offAir) await server.deps.db.updateTable("channel").set({ is_live: 0 }).where("id", "=", channel.id).execute();
    await shoot(browser, server.url, {
      ...shot,
      fullPage: shot.name === "stations-organiser",
      before: async (page) => {
        if (!shot.tab) return;
        await page.getByRole("tab", { name: shot.tab }).click();
        await page.getByRole("switch", { name: "Messages du tournoi dans mon chat" }).scrollIntoViewIfNeeded();
      },
    });
  }
  console.log(`${shots.length * 4} screenshots in ${SCREENSHOTS_DIR}`);
} finally {
  await browser.close();
  await server.stop();
}
