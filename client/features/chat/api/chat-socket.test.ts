import { afterEach, describe, expect, it } from "bun:test";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { type ChatConnection, type ChatSocketHandlers, openChatConnection, RETRY_AFTER_CONNECT_ERROR_MS } from "./chat-socket.ts";

const STREAM = "abc123";
let http: HttpServer | undefined;
let io: Server | undefined;
let connection: ChatConnection | undefined;
afterEach(async () => {
  connection?.close();
  await new Promise<void>((resolve) => (io ? io.close(() => resolve()) : resolve()));
  http = io = connection = undefined;
});

/** A stand-in for the server's two namespaces: `join` answers true, `refuseWriters` turns writers away that many times. */
async function chatServer(refuseWriters = 0) {
  http = createServer();
  io = new Server(http, { path: "/socket.io/", transports: ["websocket"] });
  let refused = 0;
  io.of("/writechat").use((_, next) => (refused++ < refuseWriters ? next(new Error("not now")) : next()));
  for (const name of ["/readchat", "/writechat"]) io.of(name).on("connection", (socket) => socket.on("join", (_id: string, ack?: (ok: boolean) => void) => ack?.(true)));
  await new Promise<void>((resolve) => http!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

function recorder() {
  const statuses: boolean[] = [];
  let joins = 0;
  const handlers: ChatSocketHandlers = {
    onStatus: (online) => statuses.push(online),
    onJoined: () => joins++,
    onMessage: () => undefined,
    onDeleted: () => undefined,
    onBanned: () => undefined,
    onUnbanned: () => undefined,
    onSlowMode: () => undefined,
    onAccessChanged: () => undefined,
  };
  return { handlers, statuses, joins: () => joins, online: () => statuses.at(-1) === true };
}

async function until(what: string, check: () => boolean, ms = 8000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
  return Date.now() - start;
}

describe("the chat connection", () => {
  it("is online once both namespaces are connected, and joins the room", async () => {
    const origin = await chatServer();
    const record = recorder();
    connection = openChatConnection(STREAM, record.handlers, origin);
    await until("online", record.online);
    await until("join", () => record.joins() === 1);
  });

  it("comes back about a second after the server hangs up, and joins again", async () => {
    const origin = await chatServer();
    const record = recorder();
    connection = openChatConnection(STREAM, record.handlers, origin);
    await until("online", record.online);
    // Online is both namespaces connected; the first join's answer may still be on its way, and a hang-up then
    // would lose it (the join after the reconnect stands for it): on a busy machine the count stopped at one.
    await until("first join", () => record.joins() === 1);
    io!.of("/readchat").disconnectSockets();
    await until("offline", () => record.statuses.at(-1) === false);
    const took = await until("back online", record.online);
    expect(took).toBeGreaterThanOrEqual(800);
    expect(took).toBeLessThan(2500);
    await until("second join", () => record.joins() === 2);
  });

  it("retries three seconds after a connect error", async () => {
    const origin = await chatServer(1);
    const record = recorder();
    const start = Date.now();
    connection = openChatConnection(STREAM, record.handlers, origin);
    await until("online", record.online);
    expect(Date.now() - start).toBeGreaterThanOrEqual(RETRY_AFTER_CONNECT_ERROR_MS - 200);
  });

  it("answers offline instead of waiting when the writer is not connected", async () => {
    const origin = await chatServer(100);
    const record = recorder();
    connection = openChatConnection(STREAM, record.handlers, origin);
    expect(await connection.send("hello")).toEqual({ ok: false, code: "chat_offline", msg: "" });
  });
});
