// bench/tickets: the box office and the door under a LAN party's rush. BUYERS members try to buy
// SEATS seats at the same instant; then one door scans every ticket in turn, and DOORS doors scan
// every ticket at once (each ticket shown at every door). Traffic goes to 127.0.0.1 only; the server
// runs in its own process, stopped by its pid at the end.
// Run: node_modules/.bin/bun bench/tickets/run.ts
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startMainProcess } from "../../tests/fixtures/process.ts";
import { Browser, newAccount } from "../../tests/fixtures/server.ts";
import { machineLine, writeSection } from "../report.ts";

const BUYERS = 240;
const SEATS = 200;
const DOORS = 4;
/** Sign-ups in flight at once while setting up (password hashing is deliberately slow). */
const SETUP_CONCURRENCY = 8;
const ADMIN = { ADMIN_USERNAME: "bench_admin", ADMIN_EMAIL: "bench@example.test", ADMIN_PASSWORD: "bench admin password" };

interface Member {
  browser: Browser;
  user: { id: number };
}

/**
 * A member signing up and logging in from their own device: the server trusts X-Forwarded-For here
 * (TRUST_PROXY), so each member has an address and the per-address sign-up limit stays realistic.
 */
async function member(url: string, device: number): Promise<Member> {
  const account = newAccount("fan");
  const browser = new Browser(url);
  const from = { "x-forwarded-for": `10.0.${device >> 8}.${device & 255}` };
  const signup = await browser.request("POST", "/api/auth/signup", account, from);
  if (signup.status !== 200) throw new Error(`signup failed: ${await signup.text()}`);
  const login = await browser.request("POST", "/api/auth/login", { login: account.username, password: account.password }, from);
  if (login.status !== 200) throw new Error(`login failed: ${await login.text()}`);
  return { browser, user: (await login.json()).user };
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function inBatches<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += SETUP_CONCURRENCY) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(SETUP_CONCURRENCY, count - start) }, (_, i) => make(start + i)))));
  }
  return made;
}

/** Every ticket shown at `doors` doors at once; the count of admissions must equal the tickets. */
async function scanAtDoors(organiser: Browser, eventId: number, qrs: string[], doors: number) {
  const latencies: number[] = [];
  let admitted = 0;
  const wall = await timed(() =>
    Promise.all(
      Array.from({ length: doors }, async (_, door) => {
        // Each door meets the guests in another order, so the same ticket reaches two doors together.
        const queue = door % 2 === 0 ? qrs : [...qrs].reverse();
        for (const qr of queue) {
          const { ms, value } = await timed(() => organiser.post("/api/tickets/validate", { qr, eventId }));
          latencies.push(ms);
          if (value.status === 200) admitted++;
        }
      }),
    ),
  );
  latencies.sort((a, b) => a - b);
  return { admitted, scans: latencies.length, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), perSecond: latencies.length / (wall.ms / 1000) };
}

const dataDir = mkdtempSync(join(tmpdir(), "arena-bench-tickets-"));
let server: Awaited<ReturnType<typeof startMainProcess>> | undefined;
try {
  server = await startMainProcess({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RTMP_PORT: "0", LOG_LEVEL: "error", TRUST_PROXY: "1", ...ADMIN });
  const admin = new Browser(server.url);
  await admin.post("/api/auth/login", { login: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD });
  const setup = await timed(async () => {
    const organiser = await member(server!.url, 0);
    await admin.post("/api/wallet/credit", { userId: organiser.user.id, amount: 10_000, description: "bench" });
    const buyers = await inBatches(BUYERS, async (index) => {
      const buyer = await member(server!.url, index + 1);
      await admin.post("/api/wallet/credit", { userId: buyer.user.id, amount: 500, description: "bench" });
      return buyer;
    });
    return { organiser, buyers };
  });
  const { organiser, buyers } = setup.value;
  console.log(`${BUYERS} members signed up in ${(setup.ms / 1000).toFixed(1)} s`);
  const start = new Date(Date.now() + 30 * 24 * 3_600_000).toISOString();
  const created = await organiser.browser.post("/api/events", {
    name: "LAN du banc d'essai",
    description: "Une LAN pour mesurer la billetterie.",
    categoryId: 2,
    startDate: start,
    maxParticipants: SEATS,
    ticketPrice: 15,
  });
  const event = created.body.event as { id: number; slug: string };
  await organiser.browser.json("PUT", `/api/events/${event.slug}/publish`);

  // The rush: every buyer at the same instant.
  const latencies: number[] = [];
  const rush = await timed(() =>
    Promise.all(
      buyers.map(async (buyer) => {
        const { ms, value } = await timed(() => buyer.browser.post("/api/tickets/purchase", { userId: buyer.user.id, eventId: event.id, ticketType: "match", price: 100 }));
        latencies.push(ms);
        return value;
      }),
    ),
  );
  latencies.sort((a, b) => a - b);
  console.log(`rush answered in ${(rush.ms / 1000).toFixed(2)} s`);
  const sold = rush.value.filter((answer) => answer.status === 201);
  const full = rush.value.filter((answer) => answer.status === 409).length;
  const qrs = sold.map((answer) => answer.body.ticket.qr_code as string);

  // The books: every wallet's balance equals the sum of its ledger.
  const db = new Database(join(dataDir, "arena.db"), { readonly: true });
  const mismatched = db.query("SELECT COUNT(*) AS n FROM wallet w WHERE w.balance != (SELECT COALESCE(SUM(amount), 0) FROM wallet_transaction t WHERE t.user_id = w.user_id)").get() as { n: number };
  db.close();

  // Every ticket at every door, nearly together: each must get in exactly once.
  const doors = await scanAtDoors(organiser.browser, event.id, qrs, DOORS);
  // Then one door sees them all again: every scan is refused ("already checked in").
  const rescan = await scanAtDoors(organiser.browser, event.id, qrs, 1);

  const body = `Machine: ${machineLine()}; load average before the run ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}.
Method: \`bun bench/tickets/run.ts\` starts \`bun server/main.ts\` in its own process, signs up ${BUYERS} members over HTTP (${(setup.ms / 1000).toFixed(1)} s, password hashing included), credits them, publishes an event with ${SEATS} seats, then every member buys a ticket at the same instant. Then ${DOORS} doors check every ticket at once, each door in its own order (so a ticket reaches two doors together), and one door checks them all again. Client and server share the same 2 cores.

| step | result | p50 ms | p99 ms | rate |
| --- | --- | ---: | ---: | ---: |
| ${BUYERS} buyers for ${SEATS} seats, at once | ${sold.length} sold, ${full} told "complet", ${BUYERS - sold.length - full} other answers; ${mismatched.n} wallets whose balance differs from their ledger | ${percentile(latencies, 0.5).toFixed(1)} | ${percentile(latencies, 0.99).toFixed(1)} | ${(BUYERS / (rush.ms / 1000)).toFixed(0)} purchases/s (all answered in ${(rush.ms / 1000).toFixed(2)} s) |
| ${DOORS} doors check the ${qrs.length} tickets, together | ${doors.admitted} admitted of ${doors.scans} scans | ${doors.p50.toFixed(1)} | ${doors.p99.toFixed(1)} | ${doors.perSecond.toFixed(0)} scans/s |
| 1 door checks them all again | ${rescan.admitted} admitted of ${rescan.scans} | ${rescan.p50.toFixed(1)} | ${rescan.p99.toFixed(1)} | ${rescan.perSecond.toFixed(0)} scans/s |

Reading it: a purchase is one SQLite transaction (seat count, two ledger rows, the ticket, the
registration) behind a single connection, so a rush is served one buyer after another and the p99 is
the queue; no seat is sold twice and no wallet drifts from its ledger. At the doors each ticket gets in
once, however many doors see it together (the check-in is a conditional update). The server's part of
a check-in (Ed25519 signature, lookup, one update) is about a millisecond: the camera and the guest
are the bottleneck, not the server.`;
  writeSection("Box office and door (tickets)", body);
  console.log(body);
} finally {
  server?.child.kill("SIGTERM");
  await server?.child.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
