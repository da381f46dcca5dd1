import type { AppDeps } from "../http/context.ts";
import type { NotificationResponse } from "./schemas.ts";

type NotificationType =
  | "stream_live"
  | "tournament_join_approved"
  | "tournament_checkin_dropped"
  | "event_registration_approved"
  | "event_registration_rejected"
  | "ticket_sold"
  | "data_export_ready"
  | "waitlist_offer"
  | "recording_stopped"
  | "stream_refused"
  | "disk_nearly_full"
  | "station_request"
  | "webhook_failing"
  | "webhook_gone"
  // The fediverse (issue 38, item 4): a followed account's post, a reply to one of the owner's posts, a boost of one.
  | "fediverse_post"
  | "fediverse_reply"
  | "fediverse_boost";

/** Stores a notification and pushes it to the user's open pages. */
export async function notify(deps: AppDeps, userIds: number[], notification: { type: NotificationType; actorId: number | null; link: string; data: Record<string, string | number> }): Promise<void> {
  if (userIds.length === 0) return;
  const now = deps.now();
  const rows = await deps.db
    .insertInto("notification")
    .values(
      userIds.map((userId) => ({
        user_id: userId,
        type: notification.type,
        actor_id: notification.actorId,
        link: notification.link,
        data: JSON.stringify(notification.data),
        created_at: now,
        read_at: null,
      })),
    )
    .returning(["id", "user_id"])
    .execute();
  const actor = notification.actorId ? await deps.db.selectFrom("user").select(["username", "avatar"]).where("id", "=", notification.actorId).executeTakeFirst() : undefined;
  for (const row of rows) {
    deps.bus.emit("notification:created", {
      userId: row.user_id,
      notification: { id: row.id, type: notification.type, link: notification.link, data: notification.data, actor: actor ?? null, createdAt: new Date(now).toISOString(), read: false },
    });
  }
}

export async function listNotifications(deps: AppDeps, userId: number, page: number, limit: number) {
  const rows = await deps.db
    .selectFrom("notification")
    .leftJoin("user", "user.id", "notification.actor_id")
    .select(["notification.id", "notification.type", "notification.link", "notification.data", "notification.created_at", "notification.read_at", "user.username", "user.avatar"])
    .where("notification.user_id", "=", userId)
    .orderBy("notification.id", "desc")
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  const unread = await deps.db
    .selectFrom("notification")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  const notifications: NotificationResponse[] = rows.slice(0, limit).map((row) => ({
    id: row.id,
    type: row.type,
    link: row.link,
    data: JSON.parse(row.data) as Record<string, string | number>,
    actor: row.username ? { username: row.username, avatar: row.avatar } : null,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
  }));
  return { notifications, unread: Number(unread.count), hasMore: rows.length > limit };
}

export async function markAllRead(deps: AppDeps, userId: number): Promise<void> {
  await deps.db.updateTable("notification").set({ read_at: deps.now() }).where("user_id", "=", userId).where("read_at", "is", null).execute();
}

/** A followed channel went live: its followers hear about it. */
export function notifyFollowersOnLive(deps: AppDeps): () => void {
  return deps.bus.on("stream:started", ({ channelId, username }) => {
    void (async () => {
      const channel = await deps.db.selectFrom("channel").select(["user_id", "title"]).where("id", "=", channelId).executeTakeFirst();
      if (!channel) return;
      const followers = await deps.db.selectFrom("follow").select("follower_id").where("followed_id", "=", channel.user_id).execute();
      await notify(
        deps,
        followers.map((f) => f.follower_id),
        { type: "stream_live", actorId: channel.user_id, link: `/stream/${username}`, data: { username, title: channel.title } },
      );
    })().catch((error) => console.error("[notifications]", error));
  });
}
