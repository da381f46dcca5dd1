import { Server as Engine } from "@socket.io/bun-engine";
import { isForeignPageRequest } from "./http/same-origin.ts";
import { type Namespace, Server, type Socket } from "socket.io";
import { registerChat } from "./chat/socket.ts";
import { sessionOfHandshake } from "./auth/session-middleware.ts";
import type { ActiveSession } from "./auth/sessions.ts";
import type { AppDeps } from "./http/context.ts";
import type { SocketAdapter } from "./realtime/adapter.ts";
import { endedRoom, memberRoom, overlayRoom, sessionRoom } from "./realtime/rooms.ts";
import { alertOnRaids } from "./overlays/alerts/alerts.ts";
import { overlayOwner } from "./overlays/service.ts";

interface Realtime {
  engine: Engine;
  io: Server;
  close(): Promise<void>;
}

/**
 * socket.io on the web port (path /socket.io/). The handshake reads the session cookie, so a
 * socket knows its user the way an HTTP call does. Namespace /live carries what changes on a
 * stream page: viewer counts and live/offline, in one room per channel (`stream:<channelArn>`).
 * Every emit goes to a room or a namespace through `adapter`, so it reaches the sockets other nodes hold.
 */
export function createRealtime(deps: AppDeps, adapter: SocketAdapter): Realtime {
  const io = new Server({ serveClient: false, cors: { origin: false }, ...(adapter.factory ? { adapter: adapter.factory } : {}) });
  // The handshake carries the session cookie: a page of another origin on this site must not get a socket.
  const engine = new Engine({
    path: "/socket.io/",
    allowRequest: async (request) => {
      if (isForeignPageRequest(request.headers, request.url, deps.config.publicUrl)) throw new Error("cross-site handshake refused");
    },
  });
  io.bind(engine);

  // The session of the handshake's cookie (or a bot's token); a chat socket asks again for every message.
  const authenticate = (socket: Socket): Promise<ActiveSession | null> => sessionOfHandshake(deps, socket.request.headers, socket.handshake.auth);
  const live = io.of("/live");
  live.use(async (socket, next) => {
    socket.data.session = await authenticate(socket);
    next();
  });
  // A logged-in page also listens to its own room: notifications and follower counts, until its session ends.
  live.on("connection", (socket) => {
    const session = socket.data.session as ActiveSession | null;
    if (session) void socket.join([memberRoom(session.user.id), sessionRoom(session.sessionHash)]);
  });
  live.on("connection", (socket) => {
    socket.on("watch", async (channelArn: unknown, ack?: (joined: boolean) => void) => {
      const valid = typeof channelArn === "string" && /^[a-f0-9]{1,64}$/.test(channelArn);
      if (valid) await socket.join(`stream:${channelArn}`);
      if (typeof ack === "function") ack(valid);
    });
    // A tournament page (or the bracket under a stream) listens to its tournament's room.
    socket.on("watch-tournament", async (tournamentId: unknown, ack?: (joined: boolean) => void) => {
      const valid = typeof tournamentId === "number" && Number.isInteger(tournamentId) && tournamentId > 0;
      if (valid) await socket.join(`tournament:${tournamentId}`);
      if (typeof ack === "function") ack(valid);
    });
    // An OBS overlay (issue 36, item 4) listens to its streamer's alerts, named by the secret of its address.
    socket.on("watch-overlay", async (secret: unknown, ack?: (joined: boolean) => void) => {
      const userId = typeof secret === "string" && secret.length <= 64 ? await overlayOwner(deps, secret) : null;
      if (userId !== null) await socket.join(overlayRoom(userId));
      if (typeof ack === "function") ack(userId !== null);
    });
    socket.on("unwatch", (channelArn: unknown) => {
      if (typeof channelArn === "string") void socket.leave(`stream:${channelArn}`);
    });
  });

  const offChat = registerChat(io, deps, authenticate);
  const offs = [
    offChat,
    deps.bus.on("viewers:changed", ({ channelArn, viewerCount }) => live.to(`stream:${channelArn}`).emit("viewers:changed", { channelArn, viewerCount })),
    deps.bus.on("stream:started", ({ username }) => live.emit("stream:started", { username })),
    deps.bus.on("stream:ended", ({ username }) => live.emit("stream:ended", { username })),
    deps.bus.on("stream:reconnecting", ({ username, until }) => live.emit("stream:reconnecting", { username, until })),
    deps.bus.on("stream:resumed", ({ username }) => live.emit("stream:resumed", { username })),
    deps.bus.on("notification:created", ({ userId, notification }) => live.to(memberRoom(userId)).emit("notification:created", notification)),
    deps.bus.on("tournament:changed", ({ tournamentId }) => live.to(`tournament:${tournamentId}`).emit("tournament:changed", { tournamentId })),
    deps.bus.on("stations:changed", ({ usernames }) => live.emit("stations:changed", { usernames })),
    // A raid's countdown on the source's stream page (issue 36, item 5): its viewers are taken to the target at 0 unless they stay.
    deps.bus.on("raid:started", ({ raidId, channelArn, target, seconds }) => live.to(`stream:${channelArn}`).emit("raid:started", { raidId, target, seconds })),
    deps.bus.on("raid:cancelled", ({ raidId, channelArn }) => live.to(`stream:${channelArn}`).emit("raid:cancelled", { raidId })),
    deps.bus.on("follows:changed", ({ userId, followers }) => live.to(memberRoom(userId)).emit("follows:changed", { followers })),
    deps.bus.on("overlay:alert", ({ userId, alert }) => live.to(overlayRoom(userId)).emit("overlay:alert", alert)),
    // An overlay opened with the address before a reset hears no more and is told why.
    deps.bus.on("overlay:reset", ({ userId }) => void stopOverlays(live, overlayRoom(userId))),
    alertOnRaids(deps, (line) => console.error(line)),
    // The page stays (viewer counts and live flags are everyone's); the member's own news stop reaching it.
    deps.bus.on("sessions:ended", (ended) => {
      const rooms = [memberRoom(ended.userId), endedRoom(ended)];
      // This node's sockets at once: through PostgreSQL's adapter a leave waits for its publish, and a member's news
      // sent meanwhile (its own publish may come back first) would still reach the page whose session ended.
      live.local.in(endedRoom(ended)).socketsLeave(rooms);
      live.in(endedRoom(ended)).socketsLeave(rooms);
    }),
  ];

  return {
    engine,
    io,
    async close() {
      for (const off of offs) off();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await adapter.close();
    },
  };
}

/**
 * Tells each overlay of a room that its address was reset, then takes it out of the room, one socket after the other.
 * A room-wide emit followed by a room-wide leave is not ordered: on several nodes (PostgreSQL's adapter) the emit
 * reaches this node's sockets after the adapter has published it, by which time the leave has already taken them out.
 */
async function stopOverlays(live: Namespace, room: string): Promise<void> {
  for (const socket of await live.in(room).fetchSockets()) {
    socket.emit("overlay:reset", {});
    socket.leave(room);
  }
}
