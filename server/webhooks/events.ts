import { THUMBNAIL } from "../../media/live-outputs.ts";
import type { AppDeps } from "../http/context.ts";
import { announce } from "./queue/queue.ts";
import { channelWords, siteLink } from "./queue/words.ts";

// The live's webhook events (issue 36, item 1): they come from the bus, on the node that ingests the live (the one
// place they happen). The other events are queued by their domains where the change happens (follows, clips,
// tournaments, events), through server/webhooks/queue/.

/** The live's events, from the bus of the node where they happen. Returns the function that stops listening. */
export function announceBusEvents(deps: AppDeps, log: (line: string) => void): () => void {
  const guarded = (what: string, work: () => Promise<unknown>) => void work().catch((error: unknown) => log(`[webhooks] ${what}: ${(error as Error).message}`));
  const offs = [
    deps.bus.on("stream:started", ({ channelId }) => guarded("stream.online", () => announceLive(deps, channelId, "stream.online"))),
    deps.bus.on("stream:ended", ({ channelId }) => guarded("stream.offline", () => announceLive(deps, channelId, "stream.offline"))),
    deps.bus.on("replay:ready", ({ replayId, channelId }) => guarded("replay.ready", () => announceReplay(deps, replayId, channelId))),
    deps.bus.on("chat:message", ({ message }) => guarded("chat.message", () => announceChatLine(deps, message.streamID, message))),
  ];
  return () => {
    for (const off of offs) off();
  };
}

async function announceLive(deps: AppDeps, channelId: number, type: "stream.online" | "stream.offline"): Promise<void> {
  const channel = await channelWords(deps, channelId);
  if (!channel) return;
  // A live open to everyone shows its picture; a restricted one's stays behind its rule (server/restricted/).
  const thumbnail = type === "stream.online" && channel.row.watch_access === "everyone" ? { thumbnailUrl: siteLink(deps, `/live/${channel.row.username}/${THUMBNAIL}`) } : {};
  await announce(deps, deps.db, type, { channelId }, { ...channel.words, ...thumbnail });
}

async function announceReplay(deps: AppDeps, replayId: number, channelId: number): Promise<void> {
  const [channel, replay] = await Promise.all([channelWords(deps, channelId), deps.db.selectFrom("replay").select(["title", "duration"]).where("id", "=", replayId).executeTakeFirst()]);
  if (!channel || !replay) return;
  await announce(deps, deps.db, "replay.ready", { channelId }, { ...channel.words, title: replay.title, replayId, duration: replay.duration ?? 0, url: siteLink(deps, `/replay/${replayId}`) });
}

async function announceChatLine(deps: AppDeps, publicId: string, message: { id: number; username: string; message: string; system?: unknown }): Promise<void> {
  const channel = await deps.db.selectFrom("channel").select("id").where("public_id", "=", publicId).executeTakeFirst();
  if (!channel) return;
  const words = await channelWords(deps, channel.id);
  if (!words) return;
  await announce(
    deps,
    deps.db,
    "chat.message",
    { channelId: channel.id },
    { ...words.words, author: message.username, text: message.message, messageId: message.id, system: message.system !== undefined ? 1 : 0 },
  );
}
