// The reference of bench/chat: socket.io 4 on Bun through @socket.io/bun-engine, wired as Arena wires
// it (same path, namespaces, events and payload shape), doing nothing but broadcast. No database, no
// session, no limiter: what is left is the cost of socket.io itself.
// With DATABASE_URL=postgres://…, it uses socket.io's PostgreSQL adapter as Arena's nodes do
// (bench/cluster runs two of them): what is left is the cost of socket.io and its adapter.
// Run: PORT=0 bun bench/chat/bare-server.ts (prints "listening on 127.0.0.1:<port>").
import { createAdapter } from "@socket.io/postgres-adapter";
import { Server as Engine } from "@socket.io/bun-engine";
import pg from "pg";
import { Server } from "socket.io";
import { preparePostgres } from "../../db/postgres.ts";

const pool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) : undefined;
if (pool) await preparePostgres(pool);
const io = new Server({ serveClient: false, cors: { origin: false }, ...(pool ? { adapter: createAdapter(pool) } : {}) });
const engine = new Engine({ path: "/socket.io/" });
io.bind(engine);

const room = (streamID: string) => `chat:${streamID}`;
const readers = io.of("/readchat");
const writers = io.of("/writechat");
for (const namespace of [readers, writers]) {
  namespace.on("connection", (socket) => {
    socket.on("join", async (streamID: unknown, ack?: (joined: boolean) => void) => {
      if (typeof streamID === "string") await socket.join(room(streamID));
      if (typeof ack === "function") ack(typeof streamID === "string");
    });
  });
}

let nextId = 0;
writers.on("connection", (socket) => {
  socket.on("message", (payload: { message?: unknown; streamID?: unknown } | undefined, ack?: (answer: unknown) => void) => {
    const streamID = String(payload?.streamID ?? "");
    const text = String(payload?.message ?? "");
    // The same fields as Arena's ChatMessage, so both servers send the same bytes per delivery.
    const message = { id: ++nextId, userId: 1, username: "bare", avatar: null, message: text, content: text, streamID, streamId: streamID, timestamp: new Date().toISOString() };
    readers.to(room(streamID)).emit("send", message);
    if (typeof ack === "function") ack({ ok: true, message });
  });
});

const { websocket, idleTimeout } = engine.handler();
const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: process.env.HOST ?? "127.0.0.1",
  idleTimeout,
  websocket,
  fetch: (request, bunServer) => (new URL(request.url).pathname.startsWith("/socket.io/") ? engine.handleRequest(request, bunServer) : new Response("not found", { status: 404 })),
});
console.log(`listening on ${server.hostname}:${server.port}`);

const stop = () => {
  void io.close();
  void server.stop(true);
  void pool?.end();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
