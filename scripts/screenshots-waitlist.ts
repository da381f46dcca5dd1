// Screenshots of the waiting-list screens (issue 19, item 1) at phone and desktop width, dark and light, into
// docs/screenshots/: on a full event's page, "join the waiting list", one's place, and an offer to accept; the
// organiser's list with "take from the list"; the same on a full tournament's page and its participants screen.
// Usage: bun scripts/screenshots-waitlist.ts (needs the built web app and Debian's chromium).
import { launchChromium } from "../tests/fixtures/chromium.ts";
import { SCREENSHOTS_DIR, shoot } from "./lib/shoot.ts";
import { ADMIN_ENV, adminBrowserOf, inHours } from "../tests/fixtures/money.ts";
import { signedInUser, startTestServer } from "../tests/fixtures/server.ts";

const server = await startTestServer(ADMIN_ENV);
const browser = await launchChromium();
try {
  const admin = await adminBrowserOf(server);
  const member = async (username: string, coins = 500) => {
    const m = await signedInUser(server, { username });
    await admin.post("/api/wallet/credit", { userId: m.user.id, amount: coins });
    return m;
  };
  const organiser = await member("LanOrga", 5000);
  const created = await organiser.browser.post("/api/events", {
    name: "LAN d'hiver",
    description: "Trois jours de jeux en réseau",
    categoryId: 2,
    startDate: inHours(48),
    endDate: inHours(50),
    maxParticipants: 2,
    ticketPrice: 5,
  });
  const event = created.body.event as { id: number; slug: string };
  await organiser.browser.json("PUT", `/api/events/${event.slug}/publish`);
  const holders = [await member("ZeldaPro"), await member("Orion20")];
  const tickets: number[] = [];
  for (const holder of holders) tickets.push((await holder.browser.post("/api/tickets/purchase", { userId: holder.user.id, eventId: event.id, ticketType: "match", price: 100 })).body.ticket.id);
  const waiting = [await member("KiraBlade"), await member("NovaFox"), await member("Pixelle"), await member("Drakkar")];
  for (const m of waiting) await m.browser.post(`/api/waitlist/event/${event.id}`);
  // Orion20 gives the ticket back: KiraBlade, first in line, is offered the seat.
  await holders[1]!.browser.post(`/api/tickets/${tickets[1]}/cancel`);
  const newcomer = await member("Mistral");

  const form = new FormData();
  for (const [key, value] of Object.entries({ tournamentName: "Coupe du soir", format: "s_elim", size: "4", gameID: "1" })) form.append(key, value);
  const tournament = (await organiser.browser.post("/api/tournament/create-tournament", form)).body.id as number;
  for (const player of holders.concat(await member("Astra"), await member("Byte"))) await player.browser.post("/api/tournament/join-tournament", { tournmentID: tournament, PlayerID: player.user.id });
  for (const p of (await organiser.browser.get(`/api/tournament/players/getPlayers/${tournament}`)).body.filter((p: { status: string }) => p.status === "pending"))
    await organiser.browser.put("/api/tournament/approve-player", { tournmentID: tournament, PlayerID: p.id });
  for (const m of waiting.slice(1)) await m.browser.post(`/api/waitlist/tournament/${tournament}`);

  const shots = [
    { name: "waitlist-event-join", path: `/events/${event.slug}`, as: newcomer, focus: ".waitlist-panel" },
    { name: "waitlist-event-place", path: `/events/${event.slug}`, as: waiting[1]!, focus: ".waitlist-panel" },
    { name: "waitlist-event-offer", path: `/events/${event.slug}`, as: waiting[0]!, focus: ".waitlist-panel" },
    { name: "waitlist-event-manage", path: `/events/${event.slug}/manage`, as: organiser, tab: "Participants", focus: ".waitlist-manager" },
    { name: "waitlist-tournament-join", path: `/tournament/${tournament}`, as: newcomer, focus: ".waitlist-panel" },
    { name: "waitlist-tournament-manage", path: `/dashboard/participants/${tournament}`, as: organiser, focus: ".waitlist-manager" },
  ];
  for (const shot of shots) {
    await shoot(browser, server.url, {
      ...shot,
      before: async (page) => {
        if (shot.tab) await page.getByRole("tab", { name: shot.tab }).click();
        await page.locator(shot.focus).waitFor({ timeout: 10_000 });
        await page.locator(shot.focus).scrollIntoViewIfNeeded();
      },
    });
  }
  console.log(`${shots.length * 4} screenshots in ${SCREENSHOTS_DIR}`);
} finally {
  await browser.close();
  await server.stop();
}
