import { EventEmitter } from "node:events";
import type { ChatMessage } from "../chat/schemas.ts";
import type { NotificationResponse } from "../notifications/schemas.ts";
import type { OverlayAlert } from "../overlays/schemas.ts";

/** Which sessions ended: the one of a logout, or every session of a member (no `sessionHash`). */
export interface EndedSessions {
  userId: number;
  sessionHash?: string;
}

/** What the server announces to the realtime layer (socket.io rooms, issue 5) and to tests. */
export interface LiveEvents {
  "stream:started": { channelId: number; username: string };
  "stream:ended": { channelId: number; username: string };
  /** A live's publisher left during a bracket match: the live waits for it until `until` (issue 37, item 5). */
  "stream:reconnecting": { channelId: number; username: string; until: number };
  /** Its publisher came back within that wait: the same live goes on. */
  "stream:resumed": { channelId: number; username: string };
  "viewers:changed": { channelId: number; channelArn: string; viewerCount: number };
  "replay:ready": { replayId: number; channelId: number };
  "chat:message": { streamID: string; message: ChatMessage };
  "chat:deleted": { streamID: string; id: number };
  "chat:banned": { streamID: string; userId: number; until: string | null };
  "chat:unbanned": { streamID: string; userId: number };
  "chat:slow_mode": { streamID: string; seconds: number };
  /** A channel's chat rule changed (issue 18, item 4): its open chats ask again what their reader may do. */
  "chat:access": { streamID: string };
  "notification:created": { userId: number; notification: NotificationResponse };
  "follows:changed": { userId: number; followers: number };
  "tournament:changed": { tournamentId: number };
  /** A station streamed by these channels changed (its match, its scores): their stream pages read it again. */
  "stations:changed": { usernames: string[] };
  /** Sessions ended (issue 34, item 14): the sockets opened with them lose their member. */
  "sessions:ended": EndedSessions;
  /** Webhook deliveries were queued on this node: its dispatcher sends them now rather than at its next look. */
  "webhooks:queued": Record<string, never>;
  /** Fediverse deliveries were queued on this node (server/federation/delivery/): its dispatcher sends them now. */
  "federation:queued": Record<string, never>;
  /** A raid landed on a channel (issue 36, item 5): its chat and its overlays announce the raiders. */
  "raid:arrived": { channelId: number; fromUsername: string; fromDisplayName: string; viewers: number };
  /** An alert for a streamer's OBS overlays (issue 36, item 4), shown by the sockets of every node. */
  "overlay:alert": { userId: number; alert: OverlayAlert };
  /** A streamer reset their overlays' address: the overlays opened with the old one stop. */
  "overlay:reset": { userId: number };
  /** A raid's countdown started (issue 36, item 5): the source's viewers see it; this node lands the raid at `landsAt`. */
  "raid:started": { raidId: number; channelArn: string; target: string; landsAt: number; seconds: number };
  /** A raid was called off (its streamer, or its target went offline): the source's viewers stay. */
  "raid:cancelled": { raidId: number; channelArn: string };
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof LiveEvents>(event: K, payload: LiveEvents[K]): void {
    this.emitter.emit(event, payload);
  }

  on<K extends keyof LiveEvents>(event: K, listener: (payload: LiveEvents[K]) => void): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  /**
   * Resolves with the next event of that kind that matches, for tests and one-off waits. The default limit is a hang
   * detector under a test's own 60 s: a replay awaited from before its live starts (publish, grace window, remux)
   * took past 20 s beside `stress-ng --cpu 2`.
   */
  next<K extends keyof LiveEvents>(event: K, matches: (payload: LiveEvents[K]) => boolean = () => true, timeoutMs = 45_000): Promise<LiveEvents[K]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`no ${event} within ${timeoutMs} ms`));
      }, timeoutMs);
      const off = this.on(event, (payload) => {
        if (!matches(payload)) return;
        clearTimeout(timer);
        off();
        resolve(payload);
      });
    });
  }
}
