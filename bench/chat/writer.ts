// The writer side of bench/chat: W sockets on /writechat, each with its own account, taking turns so
// that the room gets `rate` messages a second while each account sends `rate / W` (Arena allows a
// user 1 a second with a burst of 3: W a little above `rate` leaves room for timer and queue jitter).
// Every text carries its send time (Date.now()).
import { io, type Socket } from "socket.io-client";
import { messageText } from "./shared.ts";

const ACK_TIMEOUT_MS = 10_000;

interface Writers {
  sockets: Socket[];
  close(): void;
}

/**
 * Opens one writer per entry of `cookies` (undefined: anonymous, for the bare reference) and joins
 * the room; writer i talks to `baseUrls[i % length]` (the nodes of a site take turns).
 */
export async function openWriters(baseUrls: string[], streamID: string, cookies: (string | undefined)[]): Promise<Writers> {
  const sockets = await Promise.all(
    cookies.map(async (cookie, index) => {
      const socket = io(`${baseUrls[index % baseUrls.length]}/writechat`, {
        path: "/socket.io/",
        transports: ["websocket"],
        forceNew: true,
        reconnection: false,
        extraHeaders: { ...(cookie ? { cookie } : {}), "accept-language": "en" },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      const joined = await socket.timeout(10_000).emitWithAck("join", streamID);
      if (joined !== true) throw new Error("a writer could not join the room");
      return socket;
    }),
  );
  return { sockets, close: () => sockets.forEach((s) => s.disconnect()) };
}

export interface SendStats {
  sent: number;
  accepted: number;
  /** Refusals by the server's code: these messages were not broadcast. */
  refused: Record<string, number>;
  /** No acknowledgement within ACK_TIMEOUT_MS (an overloaded machine): probably broadcast, late. */
  unacknowledged: number;
  /** Send → ack, ms, sorted. */
  ackMs: number[];
  /** How late the writer's timer fired behind its schedule, ms, worst case. */
  maxTimerLagMs: number;
}

/**
 * Sends `count` messages at `rate` a second on a fixed schedule (no drift), writer i sending
 * messages i, i+W, i+2W…; waits for every ack (up to ACK_TIMEOUT_MS after the last send).
 */
export async function sendMessages(writers: Writers, streamID: string, options: { count: number; rate: number; warm?: boolean }): Promise<SendStats> {
  const stats: SendStats = { sent: 0, accepted: 0, refused: {}, unacknowledged: 0, ackMs: [], maxTimerLagMs: 0 };
  const acks: Promise<void>[] = [];
  const start = performance.now();
  for (let seq = 0; seq < options.count; seq++) {
    const due = start + (seq * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    stats.maxTimerLagMs = Math.max(stats.maxTimerLagMs, performance.now() - due);
    const socket = writers.sockets[seq % writers.sockets.length]!;
    const sentAt = Date.now();
    stats.sent++;
    acks.push(
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck("message", { message: messageText(seq, sentAt, options.warm), streamID })
        .then((answer: { ok?: boolean; code?: string }) => {
          stats.ackMs.push(Date.now() - sentAt);
          if (answer?.ok) stats.accepted++;
          else stats.refused[answer?.code ?? "unknown"] = (stats.refused[answer?.code ?? "unknown"] ?? 0) + 1;
        })
        .catch(() => {
          stats.unacknowledged++;
        }),
    );
  }
  await Promise.all(acks);
  stats.ackMs.sort((a, b) => a - b);
  return stats;
}
