import { useEffect, useRef, useState } from "react";
import { connectLive } from "../../../data/live-socket.ts";

/** A raid counting down on the channel being watched: where it goes, and when (this page's clock). */
export interface RaidUnderWay {
  raidId: number;
  target: string;
  deadline: number;
}

/**
 * The raids of the channel being watched (issue 36, item 5): its room on /live says when its streamer starts one
 * ("raid:started", with the seconds left) and when it is called off (`onCancelled` hears which). Returns the raid
 * under way, if any, and the function that forgets it.
 */
export function useRaidEvents(channelArn: string | null, onCancelled?: (raidId: number) => void): [RaidUnderWay | null, () => void] {
  const [raid, setRaid] = useState<RaidUnderWay | null>(null);
  const cancelled = useRef(onCancelled);
  cancelled.current = onCancelled;
  useEffect(() => {
    if (!channelArn) return;
    const socket = connectLive();
    socket.on("connect", () => socket.emit("watch", channelArn));
    socket.on("raid:started", (payload: { raidId?: number; target?: string; seconds?: number }) => {
      if (typeof payload?.raidId !== "number" || typeof payload.target !== "string" || typeof payload.seconds !== "number") return;
      setRaid({ raidId: payload.raidId, target: payload.target, deadline: Date.now() + payload.seconds * 1000 });
    });
    socket.on("raid:cancelled", (payload: { raidId?: number }) => {
      if (typeof payload?.raidId !== "number") return;
      const raidId = payload.raidId;
      setRaid((current) => (current?.raidId === raidId ? null : current));
      cancelled.current?.(raidId);
    });
    return () => {
      socket.close();
    };
  }, [channelArn]);
  return [raid, () => setRaid(null)];
}
