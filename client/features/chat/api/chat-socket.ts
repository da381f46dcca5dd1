import { Manager, type ManagerOptions, type Socket } from "socket.io-client";
import { z } from "zod";

/** Spec 01 §4 and §9: 5 reconnects 1 s apart, 10 s timeout; 3 s after a connect error, 1 s after the server hangs up. */
const SOCKET_OPTIONS = {
  path: "/socket.io/",
  transports: ["websocket" as const],
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  timeout: 10_000,
  withCredentials: true,
} satisfies Partial<ManagerOptions>;
export const RETRY_AFTER_CONNECT_ERROR_MS = 3000;
const RETRY_AFTER_SERVER_DISCONNECT_MS = 1000;

const WriteAnswerSchema = z.union([z.object({ ok: z.literal(true), message: z.unknown() }), z.object({ ok: z.literal(false), code: z.string(), msg: z.string().catch("") })]);
export type WriteAnswer = { ok: true; message: unknown } | { ok: false; code: string; msg: string };
const OFFLINE: WriteAnswer = { ok: false, code: "chat_offline", msg: "" };

export interface ChatSocketHandlers {
  onStatus(online: boolean): void;
  /** The reader joined the room (first time or after a reconnect): anything missed is in the history. */
  onJoined(): void;
  onMessage(raw: unknown): void;
  onDeleted(id: number): void;
  onBanned(userId: number, until: string | null): void;
  onUnbanned(userId: number): void;
  onSlowMode(seconds: number): void;
  /** The streamer changed who may write (issue 18, item 4): what this reader may do is asked again. */
  onAccessChanged(): void;
}

export interface ChatConnection {
  send(text: string): Promise<WriteAnswer>;
  close(): void;
}

const IdSchema = z.object({ id: z.number() });
const BannedSchema = z.object({ userId: z.number(), until: z.string().nullable().catch(null) });
const UnbannedSchema = z.object({ userId: z.number() });
const SlowSchema = z.object({ seconds: z.number().min(0) });

/**
 * Both chat namespaces over one websocket of their own: its handshake carries the session cookie of
 * the moment it opens, so a login or a logout needs a new connection, not a shared one.
 */
export function openChatConnection(streamID: string, handlers: ChatSocketHandlers, origin = window.location.origin): ChatConnection {
  const manager = new Manager(origin, SOCKET_OPTIONS);
  const reader = manager.socket("/readchat");
  const writer = manager.socket("/writechat");
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let closed = false;

  const report = () => handlers.onStatus(reader.connected && writer.connected);
  const retry = (socket: Socket, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed && !socket.connected) socket.connect();
    }, ms);
    timers.add(timer);
  };

  for (const socket of [reader, writer]) {
    socket.on("connect", report);
    socket.on("connect_error", () => {
      report();
      retry(socket, RETRY_AFTER_CONNECT_ERROR_MS);
    });
    socket.on("disconnect", (reason) => {
      report();
      // The client reconnects by itself after a network loss, but not after the server closed the socket.
      if (reason === "io server disconnect") retry(socket, RETRY_AFTER_SERVER_DISCONNECT_MS);
    });
  }
  reader.on("connect", () => {
    reader
      .timeout(SOCKET_OPTIONS.timeout)
      .emitWithAck("join", streamID)
      .then((joined: unknown) => {
        if (joined === true && !closed) handlers.onJoined();
      })
      .catch(() => undefined);
  });
  writer.on("connect", () => writer.emit("join", streamID));

  reader.on("send", (raw: unknown) => handlers.onMessage(raw));
  reader.on("deleted", (raw: unknown) => {
    const parsed = IdSchema.safeParse(raw);
    if (parsed.success) handlers.onDeleted(parsed.data.id);
  });
  reader.on("banned", (raw: unknown) => {
    const parsed = BannedSchema.safeParse(raw);
    if (parsed.success) handlers.onBanned(parsed.data.userId, parsed.data.until);
  });
  reader.on("unbanned", (raw: unknown) => {
    const parsed = UnbannedSchema.safeParse(raw);
    if (parsed.success) handlers.onUnbanned(parsed.data.userId);
  });
  reader.on("slow_mode", (raw: unknown) => {
    const parsed = SlowSchema.safeParse(raw);
    if (parsed.success) handlers.onSlowMode(parsed.data.seconds);
  });
  reader.on("chat_access", () => handlers.onAccessChanged());

  return {
    async send(text) {
      if (!writer.connected) return OFFLINE;
      try {
        const answer = WriteAnswerSchema.safeParse(await writer.timeout(SOCKET_OPTIONS.timeout).emitWithAck("message", { message: text, streamID }));
        return answer.success ? answer.data : { ok: false, code: "internal", msg: "" };
      } catch {
        return OFFLINE;
      }
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      reader.removeAllListeners();
      writer.removeAllListeners();
      reader.disconnect();
      writer.disconnect();
    },
  };
}
