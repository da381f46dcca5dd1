import { dialectOf } from "../../db/index.ts";
import type { AppDeps } from "../http/context.ts";
import { finaliseSessionReplay } from "../replays/finalise.ts";
import { markOffline } from "./sessions.ts";

/** How often a node writes that it is alive. */
const HEARTBEAT_MS = 5000;
/** A node silent this long is taken for dead; generous, as the clocks of a site's machines may differ by seconds. */
const NODE_SILENT_AFTER_MS = 30_000;
/** How often the site leader looks for silent nodes (a site job). */
export const SWEEP_EVERY_MS = 10_000;

/** Writes that this node is alive now. */
async function beat(deps: AppDeps): Promise<void> {
  const seenAt = deps.now();
  await deps.db
    .insertInto("node")
    .values({ url: deps.config.nodeUrl, seen_at: seenAt })
    .onConflict((oc) => oc.column("url").doUpdateSet({ seen_at: seenAt }))
    .execute();
}

/**
 * Ends the lives of nodes that went silent without ending them (killed, machine lost) and makes the
 * replays that nodes which left did not make, from the recordings in the shared MEDIA_DIR. Safe to
 * run on every node at once: a session is claimed by one conditional update that moves its
 * node_url to this node, so exactly one node ends and finalises it (and, should that node die in
 * turn, another takes it up). Returns the sessions this call took over.
 */
export async function takeOverSilentNodes(deps: AppDeps, log: (line: string) => void): Promise<number[]> {
  const me = deps.config.nodeUrl;
  const orphans = await deps.db
    .selectFrom("live_session")
    .innerJoin("channel", "channel.id", "live_session.channel_id")
    .innerJoin("user", "user.id", "channel.user_id")
    .leftJoin("node", "node.url", "live_session.node_url")
    .select(["live_session.id", "live_session.channel_id", "live_session.node_url", "live_session.ended_at", "user.username"])
    .where("live_session.node_url", "is not", null)
    .where("live_session.node_url", "!=", me)
    .where("live_session.finalised_at", "is", null)
    .where((eb) => eb.or([eb("node.url", "is", null), eb("node.seen_at", "<", deps.now() - NODE_SILENT_AFTER_MS)]))
    .orderBy("live_session.id")
    .execute();
  const taken: number[] = [];
  for (const session of orphans) {
    const claim = await deps.db
      .updateTable("live_session")
      .set({ node_url: me })
      .where("id", "=", session.id)
      .where("node_url", "=", session.node_url)
      .where("finalised_at", "is", null)
      .executeTakeFirst();
    if (claim.numUpdatedRows === 0n) continue; // another node was first
    log(`[live] session ${session.id} of silent node ${session.node_url} taken over`);
    if (session.ended_at === null) {
      await markOffline(deps, session.channel_id, session.id);
      deps.bus.emit("stream:ended", { channelId: session.channel_id, username: session.username });
    }
    await finaliseSessionReplay(deps, session.id, log);
    taken.push(session.id);
  }
  return taken;
}

/**
 * What a node of a site does beside serving: say it is alive. Taking over silent nodes' lives is a
 * site job (server/cluster/site-jobs.ts), run by the leader. Nothing on SQLite, where one process is
 * the whole site. stop() removes this node's row, so that the others make at once the replays it
 * leaves unmade.
 */
export async function startNodeDuties(deps: AppDeps, log: (line: string) => void): Promise<{ stop(): Promise<void> }> {
  if (dialectOf(deps.db) === "sqlite") return { stop: async () => undefined };
  // Nodes sharing one address would each take every live for its own: nothing relayed, and each start ending the others' lives.
  if (deps.config.nodeUrl === deps.config.publicUrl) log(`[node] NODE_URL is PUBLIC_URL (${deps.config.nodeUrl}): right for one node; give each node its own when several share this database`);
  await beat(deps);
  const beating = setInterval(() => void beat(deps).catch((error: unknown) => log(`[node] heartbeat not written: ${(error as Error).message}`)), HEARTBEAT_MS);
  return {
    async stop() {
      clearInterval(beating);
      await deps.db.deleteFrom("node").where("url", "=", deps.config.nodeUrl).execute();
    },
  };
}
