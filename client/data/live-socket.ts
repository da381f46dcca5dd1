import { io, type Socket } from "socket.io-client";

/**
 * A connection to the /live namespace (live flags, viewer counts, tournament rooms, and the user's own
 * room for notifications and follows, joined by the server from the session cookie).
 */
export function connectLive(): Socket {
  return io(`${window.location.origin}/live`, { path: "/socket.io/", transports: ["websocket"], withCredentials: true, reconnectionAttempts: 5, reconnectionDelay: 1000 });
}
