// bench/webhooks: how fast one node sends webhooks to a local receiver. An admin's site webhook takes EVENTS events
// ("send a test event", CONCURRENCY calls in flight); the receiver, in this process, answers 204 at once. Measured:
// deliveries a second from the first event queued to the last received, and each event's delay from its queuing
// (its payload's timestamp) to its arrival. Traffic goes to 127.0.0.1 only; the server runs in its own process,
// stopped by its pid at the end.
// Run: node_modules/.bin/bun bench/webhooks/run.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMainProcess } from "../../tests/fixtures/process.ts";
import { Browser } from "../../tests/fixtures/server.ts";
import { startReceiver } from "../../tests/fixtures/webhook-receiver.ts";
import { machineLine, writeSection } from "../report.ts";

const EVENTS = 2000;
const CONCURRENCY = 16;
const ADMIN = { ADMIN_USERNAME: "bench_admin", ADMIN_EMAIL: "bench@example.test", ADMIN_PASSWORD: "bench admin password" };

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const dataDir = mkdtempSync(join(tmpdir(), "arena-bench-webhooks-"));
const receiver = startReceiver();
const server = await startMainProcess({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RTMP_PORT: "0", LOG_LEVEL: "error", ALLOWED_PRIVATE_ADDRESSES: "127.0.0.1/32", ...ADMIN });
try {
  const admin = new Browser(server.url);
  await admin.post("/api/auth/login", { login: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD });
  const created = await admin.post("/api/webhooks", { scope: "site", url: receiver.url });
  if (created.status !== 201) throw new Error(`webhook not created: ${JSON.stringify(created.body)}`);
  const id = created.body.webhook.id as number;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < EVENTS) {
        next++;
        const queued = await admin.post(`/api/webhooks/${id}/test`);
        if (queued.status !== 202) throw new Error(`test event refused: ${queued.status}`);
      }
    }),
  );
  const queuedSeconds = (performance.now() - started) / 1000;
  await receiver.got(EVENTS, 120_000);
  const seconds = (performance.now() - started) / 1000;
  const delays = receiver.received.map((request) => request.at - Date.parse((JSON.parse(request.body) as { timestamp: string }).timestamp)).sort((a, b) => a - b);
  const ids = new Set(receiver.received.map((request) => request.headers["webhook-id"]));
  const rows = [
    `- ${machineLine()}; one node on SQLite in its own process, the receiver (Bun.serve, 204) in the bench's; ${EVENTS} events queued by ${CONCURRENCY} calls in flight.`,
    `- Queued in ${queuedSeconds.toFixed(1)} s; all ${receiver.received.length} received (${ids.size} distinct webhook-ids) in ${seconds.toFixed(1)} s: **${Math.round(EVENTS / seconds)} deliveries a second**.`,
    `- Delay from an event's queuing to its arrival: p50 ${Math.round(percentile(delays, 0.5))} ms, p99 ${Math.round(percentile(delays, 0.99))} ms (the dispatcher looks every second, and at once for the events of its own node's test calls).`,
  ];
  console.log(rows.join("\n"));
  writeSection("Webhooks: deliveries from one node", `Method: \`node_modules/.bin/bun bench/webhooks/run.ts\`.\n\n${rows.join("\n")}`);
} finally {
  server.child.kill("SIGTERM");
  await server.child.exited;
  receiver.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
