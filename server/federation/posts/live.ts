import type { DbOrTransaction } from "../../../db/index.ts";
import { THUMBNAIL } from "../../../media/live-outputs.ts";
import type { AppDeps } from "../../http/context.ts";
import { deletePosts, publishPost } from "./publish.ts";
import { postText } from "./texts.ts";

// A channel's posts (issue 38, item 3): "live" when a live starts, and "ended, here is its replay" once the replay is
// made, one post (Owncast never tells that a live ended; two posts a minute apart would be noise). They come from the
// bus of the node where the live happens, as its webhook events do (server/webhooks/events.ts).

/** Posts a channel's lives and replays from this node's bus. Returns the function that stops listening. */
export function postLiveEvents(deps: AppDeps, log: (line: string) => void): () => void {
  const guarded = (what: string, work: () => Promise<boolean>) =>
    void work()
      .then((posted) => posted && deps.bus.emit("federation:queued", {}))
      .catch((error: unknown) => log(`[federation] ${what}: ${(error as Error).message}`));
  const offs = [
    deps.bus.on("stream:started", ({ channelId }) => guarded("live post", () => postLiveStarted(deps, channelId))),
    deps.bus.on("replay:ready", ({ replayId }) => guarded("replay post", () => postLiveEnded(deps, replayId))),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** The live now open on the channel: its title and game, and its picture when everyone may watch it. */
async function postLiveStarted(deps: AppDeps, channelId: number): Promise<boolean> {
  const live = await deps.db
    .selectFrom("channel")
    .innerJoin("live_session", "live_session.id", "channel.live_session_id")
    .innerJoin("user", "user.id", "channel.user_id")
    .leftJoin("game", "game.id", "live_session.game_id")
    .select(["live_session.id", "live_session.title", "live_session.watch_access", "user.username", "game.name as game"])
    .where("channel.id", "=", channelId)
    .executeTakeFirst();
  if (!live) return false;
  const words = { name: live.username, title: live.title.trim() || "Live", game: live.game ?? "" };
  return publishPost(
    deps,
    deps.db,
    { type: "channel", id: channelId },
    {
      kind: "live_started",
      // One post per live: a publisher coming back within the grace window keeps the same session.
      subject: `live-${live.id}`,
      lines: [postText(live.game ? "live_started_game" : "live_started", words)],
      page: `/stream/${live.username}`,
      image: live.watch_access === "everyone" ? `/live/${live.username}/${THUMBNAIL}` : null,
    },
  );
}

/** A live's own replay, once made (a match's replay cut from it is not a post of its own). */
async function postLiveEnded(deps: AppDeps, replayId: number): Promise<boolean> {
  const replay = await deps.db
    .selectFrom("replay")
    .innerJoin("live_session", "live_session.id", "replay.live_session_id")
    .innerJoin("channel", "channel.id", "replay.channel_id")
    .innerJoin("user", "user.id", "channel.user_id")
    .select(["replay.channel_id", "replay.title", "replay.thumbnail_path", "live_session.watch_access", "user.username"])
    .where("replay.id", "=", replayId)
    .where("replay.match_id", "is", null)
    .where("replay.deleted_at", "is", null)
    .executeTakeFirst();
  if (!replay) return false;
  return publishPost(
    deps,
    deps.db,
    { type: "channel", id: replay.channel_id },
    {
      kind: "live_ended",
      subject: replaySubject(replayId),
      lines: [postText("live_ended", { name: replay.username, title: replay.title })],
      page: `/replay/${replayId}`,
      // A replay is as restricted as its live was (server/restricted/live-access.ts): only an open one shows its picture.
      image: replay.watch_access === "everyone" && replay.thumbnail_path ? `/recordings/${replay.thumbnail_path}` : null,
    },
  );
}

/**
 * A deleted replay (its owner's, an admin's, the storage policy's) takes its post with it, in the deletion's
 * transaction; returns how many deliveries were queued.
 */
export function deleteReplayPost(deps: Pick<AppDeps, "db" | "config" | "now">, db: DbOrTransaction, replay: { id: number; channel_id: number }): Promise<number> {
  return deletePosts(deps, db, { type: "channel", id: replay.channel_id }, [replaySubject(replay.id)]);
}

/**
 * An erased member's channel (server/privacy/erase.ts): its posts are deleted, their words blanked (they name the
 * member and their lives), in the erasure's transaction; returns how many deliveries were queued.
 */
export async function eraseChannelPosts(deps: Pick<AppDeps, "db" | "config" | "now">, db: DbOrTransaction, channelId: number): Promise<number> {
  const queued = await deletePosts(deps, db, { type: "channel", id: channelId });
  await db.updateTable("federation_post").set({ content: "", url: "", image: null }).where("actor_type", "=", "channel").where("actor_id", "=", channelId).execute();
  return queued;
}

const replaySubject = (replayId: number) => `replay-${replayId}`;
