import type { Server, Socket } from "socket.io";
import type { User } from "../../db/types.ts";
import type { ActiveSession } from "../auth/sessions.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError } from "../http/errors.ts";
import { type Language, pickLanguage, translate } from "../i18n/messages.ts";
import { endedRoom, memberRoom, sessionRoom } from "../realtime/rooms.ts";
import { ChatLimiter, postMessage } from "./service.ts";

const STREAM_ID = /^[a-f0-9]{1,64}$/;
const room = (streamID: string) => `chat:${streamID}`;

interface ChatSocketData {
  user: User | null;
  sessionHash: string | null;
  /** A bot's personal access token without "chat:write" reads the chat but writes nothing (shared/tokens.ts). */
  mayWrite: boolean;
  lang: Language;
}

/**
 * The two chat namespaces of spec 01 §7. /readchat: `join` a stream, receive `send` (and `deleted`,
 * `banned`, `slow_mode`, `chat_access`). /writechat: `join`, then `message`; refusals come back as `chat_error`
 * in the writer's language. Anyone may read; only a logged-in, non-banned user writes, and only while the session
 * the socket opened with lives: it is checked again for every message, and its end closes the socket on every node.
 */
export function registerChat(io: Server, deps: AppDeps, authenticate: (socket: Socket) => Promise<ActiveSession | null>): () => void {
  const limiter = new ChatLimiter();
  const readers = io.of("/readchat");
  const writers = io.of("/writechat");
  for (const namespace of [readers, writers]) {
    namespace.use(async (socket, next) => {
      const data = socket.data as ChatSocketData;
      const session = await authenticate(socket);
      data.user = session?.user ?? null;
      data.sessionHash = session?.sessionHash ?? null;
      data.mayWrite = !session?.token || session.token.scopes.includes("chat:write");
      data.lang = pickLanguage(socket.handshake.headers["accept-language"]);
      next();
    });
    namespace.on("connection", (socket) => joinHandler(socket));
  }
  writers.on("connection", (socket) => {
    const { user, sessionHash } = socket.data as ChatSocketData;
    if (user && sessionHash) void socket.join([memberRoom(user.id), sessionRoom(sessionHash)]);
    socket.on("message", async (payload: { message?: unknown; streamID?: unknown } | undefined, ack?: (answer: unknown) => void) => {
      const data = socket.data as ChatSocketData;
      const reply = typeof ack === "function" ? ack : () => undefined;
      if (data.user) data.user = (await authenticate(socket))?.user ?? null;
      if (!data.user) return refuse(socket, reply, "chat_login_required", data.lang);
      if (!data.mayWrite) return refuse(socket, reply, "token_scope_missing", data.lang);
      const streamID = typeof payload?.streamID === "string" && STREAM_ID.test(payload.streamID) ? payload.streamID : undefined;
      if (!streamID) return refuse(socket, reply, "stream_not_found", data.lang);
      try {
        const message = await postMessage(deps, limiter, data.user, streamID, payload?.message);
        reply({ ok: true, message });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refuse(socket, reply, error.code, data.lang, error.options.params);
      }
    });
  });

  const offs = [
    deps.bus.on("chat:message", ({ streamID, message }) => readers.to(room(streamID)).emit("send", message)),
    deps.bus.on("chat:deleted", ({ streamID, id }) => readers.to(room(streamID)).emit("deleted", { id })),
    deps.bus.on("chat:banned", ({ streamID, userId, until }) => readers.to(room(streamID)).emit("banned", { userId, until })),
    deps.bus.on("chat:unbanned", ({ streamID, userId }) => readers.to(room(streamID)).emit("unbanned", { userId })),
    deps.bus.on("chat:slow_mode", ({ streamID, seconds }) => readers.to(room(streamID)).emit("slow_mode", { seconds })),
    // The verdict is each reader's own (who follows, who holds a ticket): the event only says to ask again.
    deps.bus.on("chat:access", ({ streamID }) => readers.to(room(streamID)).emit("chat_access", {})),
    // The page's chat opens again by itself a second later, with whoever its cookie now names (spec 01 §9).
    deps.bus.on("sessions:ended", (ended) => writers.in(endedRoom(ended)).disconnectSockets(true)),
  ];
  return () => offs.forEach((off) => off());
}

function joinHandler(socket: Socket): void {
  socket.on("join", async (streamID: unknown, ack?: (joined: boolean) => void) => {
    const valid = typeof streamID === "string" && STREAM_ID.test(streamID);
    if (valid) await socket.join(room(streamID));
    if (typeof ack === "function") ack(valid);
  });
}

function refuse(socket: Socket, reply: (answer: unknown) => void, code: string, lang: Language, params?: Record<string, string | number>): void {
  const error = { ok: false, code, msg: translate(lang, code, params) };
  reply(error);
  socket.emit("chat_error", error);
}
