import type { AppDeps } from "../../http/context.ts";
import type { OverlayAlert } from "../schemas.ts";

// A lower layer of the overlays domain that the domains where alerts happen call (follows, tickets, tournaments),
// once their change is committed: an alert is shown, never taken back, so a transaction that may run again
// (PostgreSQL's retries, db/transaction.ts) returns its alerts and they are shown after it. Each goes to the sockets
// of the streamer's overlays on every node (server/sockets.ts, room `overlay:<userId>`), which queue them.

/** An alert for the overlays of the member `userId`. */
export interface AlertFor {
  userId: number;
  alert: OverlayAlert;
}

export function showAlerts(deps: Pick<AppDeps, "bus">, alerts: AlertFor[]): void {
  for (const { userId, alert } of alerts) deps.bus.emit("overlay:alert", { userId, alert });
}

export const followAlert = (followedId: number, follower: string): AlertFor => ({ userId: followedId, alert: { kind: "follow", name: follower, detail: "", score: "", count: 0 } });

/** A sale on the organiser's overlay: the ticket and the event, never the buyer (a purchase is not a public act). */
export const ticketAlert = (organiserId: number, ticketName: string, eventName: string): AlertFor => ({
  userId: organiserId,
  alert: { kind: "ticket", name: ticketName, detail: eventName, score: "", count: 0 },
});

/** A raid that landed (server/raids/, on the bus): on the target's overlays, with the raiders' count. */
export function alertOnRaids(deps: Pick<AppDeps, "bus" | "db">, log: (line: string) => void): () => void {
  return deps.bus.on("raid:arrived", ({ channelId, fromDisplayName, viewers }) => {
    void deps.db
      .selectFrom("channel")
      .select("user_id")
      .where("id", "=", channelId)
      .executeTakeFirst()
      .then((channel) => {
        if (channel) showAlerts(deps, [{ userId: channel.user_id, alert: { kind: "raid", name: fromDisplayName, detail: "", score: "", count: viewers } }]);
      })
      .catch((error: unknown) => log(`[overlays] raid alert: ${(error as Error).message}`));
  });
}
