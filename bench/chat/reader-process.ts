// One reader process of bench/chat: opens `count` socket.io readers on /readchat, joins them to one
// stream's room, and timestamps every "send" with Date.now(). Speaks JSON lines on stdout (see
// ReaderLine): "ready" once all joined, "progress" twice a second, "result" when stdin says "stop".
// Run by bench/chat/run.ts: bun bench/chat/reader-process.ts <baseUrl> <streamID> <count> <messages>
import { io, type Socket } from "socket.io-client";
import { parseText, type ReaderLine } from "./shared.ts";

const [baseUrl = "", streamID = "", countArg = "500", messagesArg = "400"] = Bun.argv.slice(2);
const count = Number(countArg);
const messages = Number(messagesArg);
/** Sockets opening at once: enough to be quick, few enough not to flood the accept queue. */
const CONCURRENCY = 50;
/** A reader process never outlives a lost parent by long. */
const LIFETIME_MS = 170_000;

const say = (line: ReaderLine) => process.stdout.write(`${JSON.stringify(line)}\n`);

const histogram = new Map<number, number>();
const seen = new Uint8Array(count * messages);
const firstMs = new Array<number>(messages).fill(-1);
const lastMs = new Array<number>(messages).fill(-1);
let delivered = 0;
let duplicates = 0;
let disconnects = 0;
const sockets: Socket[] = [];

function open(index: number): Promise<boolean> {
  const socket = io(`${baseUrl}/readchat`, { path: "/socket.io/", transports: ["websocket"], forceNew: true, reconnection: false, timeout: 20_000 });
  sockets.push(socket);
  socket.on("send", (message: { message?: unknown }) => {
    const arrival = Date.now();
    const parsed = parseText(message?.message);
    if (!parsed || parsed.seq >= messages) return;
    const slot = index * messages + parsed.seq;
    if (seen[slot]) {
      duplicates++;
      return;
    }
    seen[slot] = 1;
    delivered++;
    const latency = arrival - parsed.sentAt;
    histogram.set(latency, (histogram.get(latency) ?? 0) + 1);
    if (firstMs[parsed.seq]! < 0 || latency < firstMs[parsed.seq]!) firstMs[parsed.seq] = latency;
    if (latency > lastMs[parsed.seq]!) lastMs[parsed.seq] = latency;
  });
  return new Promise((resolve) => {
    socket.once("connect_error", () => resolve(false));
    socket.once("connect", () => {
      socket.once("disconnect", () => disconnects++);
      socket
        .timeout(20_000)
        .emitWithAck("join", streamID)
        .then((joined: boolean) => resolve(joined === true))
        .catch(() => resolve(false));
    });
  });
}

const started = performance.now();
let joined = 0;
let failed = 0;
for (let first = 0; first < count; first += CONCURRENCY) {
  const batch = Array.from({ length: Math.min(CONCURRENCY, count - first) }, (_, k) => open(first + k));
  for (const ok of await Promise.all(batch)) ok ? joined++ : failed++;
}
say({ type: "ready", joined, failed, connectMs: Math.round(performance.now() - started) });

const progress = setInterval(() => say({ type: "progress", delivered }), 500);
const lifetime = setTimeout(() => process.exit(3), LIFETIME_MS);

for await (const line of console) {
  if (line.trim() !== "stop") continue;
  clearInterval(progress);
  clearTimeout(lifetime);
  const result: ReaderLine = { type: "result", histogram: [...histogram.entries()].sort((a, b) => a[0] - b[0]), delivered, duplicates, firstMs, lastMs, disconnects };
  // Exit only once written: a write to a pipe may still be pending.
  await new Promise<void>((resolve) => process.stdout.write(`${JSON.stringify(result)}\n`, () => resolve()));
  for (const socket of sockets) socket.disconnect();
  process.exit(0);
}
process.exit(0);
