// A member deletes their account (RGPD, right to erasure). In one transaction: what would leave
// someone else short is refused with the reason (an upcoming event or tournament they run, the
// site's last admin, a ticket its organiser cannot refund); tickets for events still to come are
// refunded to the wallet; then every row that says who they were is erased, and the rows others
// need (the ledger that balances an organiser's sales, past tickets, brackets) stay, attached to a
// nameless account. Replay and clip files go once the transaction has committed.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import type { Transaction } from "kysely";
import { inTransaction } from "../../db/transaction.ts";
import type { DB, User } from "../../db/types.ts";
import { forgetChannelName } from "../restricted/live-access.ts";
import { erasedEmail } from "../auth/erased-accounts.ts";
import { resetAccountKey } from "../auth/service.ts";
import { endSessions } from "../auth/sessions.ts";
import { STREAM_KEYS_CHANGED } from "../channels/own-channel.ts";
import { refundEventTickets } from "../events/refunds.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError } from "../http/errors.ts";
import { announceOffers, offerFreedPlaces, type Place } from "../waitlist/places/offers.ts";
import type { WebhookDeps } from "../webhooks/queue/queue.ts";
import { forgetInWebhooks } from "../webhooks/service.ts";
import { forgetActorKeys } from "../federation/keys.ts";
import { eraseChannelPosts } from "../federation/posts/live.ts";

/** The name a deleted account keeps, so past brackets and sales still have a row to point at. */
const erasedUsername = (userId: number) => `deleted_${userId}`;

interface ErasureResult {
  /** The events whose tickets were refunded first, with the G-Coins given back. */
  refunded: { event: string; amount: number }[];
}

export async function eraseAccount(deps: AppDeps, user: User): Promise<ErasureResult> {
  const now = deps.now();
  const { refunded, files, unposted } = await inTransaction(deps.db, async (trx) => {
    await assertNothingDependsOn(trx, user, now);
    const refunded = await refundUpcomingTickets(trx, deps, user.id, now);
    const places = await placesHeldBy(trx, user.id, now);
    await endSessions(trx, deps.bus, { userId: user.id });
    const { files, unposted } = await eraseRows(deps, trx, user, now);
    // The seats, slots and offers they held go to the next on each waiting list.
    for (const place of places) await offerFreedPlaces(trx, deps.places, place, now);
    return { refunded, files, unposted };
  });
  await announceOffers(deps);
  if (unposted > 0) deps.bus.emit("federation:queued", {});
  await endWhatTheyStream(deps, user.username);
  forgetTheAddress(deps, user.email);
  for (const file of files) rmSync(join(deps.config.mediaDir, file), { recursive: true, force: true });
  return { refunded };
}

/**
 * A live of theirs ends now, on whichever node takes it (their key was replaced: live/live-manager.ts cuts a
 * publisher whose key opens nothing), and makes no replay (replays/finalise.ts); their old name leads to no file.
 */
async function endWhatTheyStream(deps: AppDeps, username: string): Promise<void> {
  forgetChannelName(deps.db, username);
  await deps.signals.notify(STREAM_KEYS_CHANGED);
}

/**
 * The address goes from what this node kept outside the tables: the mail files written without SMTP and the lines
 * of the console's log (other nodes keep their own log lines, and a site of several nodes sends mail by SMTP).
 */
function forgetTheAddress(deps: AppDeps, email: string): void {
  deps.mailer.forget(email);
  deps.logTail?.forget(email);
}

/** What deleting this account would break for others is refused, naming the first thing to settle. */
async function assertNothingDependsOn(trx: Transaction<DB>, user: User, now: number): Promise<void> {
  if (user.role === "admin") {
    const admins = await trx.selectFrom("user").select("id").where("role", "=", "admin").where("suspended_at", "is", null).execute();
    if (admins.length <= 1) throw new AppError(409, "account_deletion_last_admin");
  }
  const event = await trx
    .selectFrom("event")
    .select("name")
    .where("created_by", "=", user.id)
    .where("status", "in", ["draft", "published", "active"])
    .where((eb) => eb.or([eb("end_date", "is", null), eb("end_date", ">", now), eb("start_date", ">", now)]))
    .executeTakeFirst();
  if (event) throw new AppError(409, "account_deletion_organiser", { params: { name: event.name } });
  const tournament = await trx.selectFrom("tournament").select("name").where("admin_id", "=", user.id).where("finished_at", "is", null).executeTakeFirst();
  if (tournament) throw new AppError(409, "account_deletion_organiser", { params: { name: tournament.name } });
}

/** Tickets for events still to come go back as G-Coins, from their organisers; one who cannot pay stops the deletion. */
async function refundUpcomingTickets(trx: Transaction<DB>, deps: WebhookDeps, userId: number, now: number): Promise<ErasureResult["refunded"]> {
  const tickets = await trx
    .selectFrom("ticket")
    .innerJoin("event", "event.id", "ticket.event_id")
    .select(["event.id as eventId", "event.name", "ticket.price"])
    .where("ticket.user_id", "=", userId)
    .where("ticket.status", "=", "valid")
    .where("event.start_date", ">", now)
    .execute();
  const refunded: ErasureResult["refunded"] = [];
  for (const eventId of new Set(tickets.map((t) => t.eventId))) {
    const event = await trx.selectFrom("event").selectAll().where("id", "=", eventId).executeTakeFirstOrThrow();
    try {
      await refundEventTickets(trx, event, deps, userId);
    } catch (error) {
      if (error instanceof AppError && error.code === "event_refund_insufficient") throw new AppError(409, "account_deletion_refund_failed", { params: { name: event.name } });
      throw error;
    }
    refunded.push({ event: event.name, amount: tickets.filter((t) => t.eventId === eventId).reduce((sum, t) => sum + t.price, 0) });
  }
  return refunded;
}

/** Events and tournaments still to come where the member holds a seat, a slot or a place on the waiting list. */
async function placesHeldBy(trx: Transaction<DB>, userId: number, now: number): Promise<Place[]> {
  const events = await trx
    .selectFrom("event")
    .select("id")
    .where("start_date", ">", now)
    .where((eb) =>
      eb.or([
        eb("id", "in", eb.selectFrom("ticket").select("event_id").where("user_id", "=", userId)),
        eb("id", "in", eb.selectFrom("event_participant").select("event_id").where("user_id", "=", userId)),
      ]),
    )
    .execute();
  const tournaments = await trx
    .selectFrom("tournament_player")
    .innerJoin("tournament", "tournament.id", "tournament_player.tournament_id")
    .select("tournament.id")
    .where("tournament_player.user_id", "=", userId)
    .where("tournament.finished_at", "is", null)
    .execute();
  const listed = await trx.selectFrom("waitlist_entry").select(["kind", "target_id"]).where("user_id", "=", userId).where("status", "in", ["waiting", "offered"]).execute();
  const places = [
    ...events.map((e) => ({ kind: "event" as const, id: e.id })),
    ...tournaments.map((t) => ({ kind: "tournament" as const, id: t.id })),
    ...listed.map((l) => ({ kind: l.kind, id: l.target_id })),
  ];
  return [...new Map(places.map((place) => [`${place.kind}:${place.id}`, place])).values()];
}

/**
 * Erases or anonymises every row that names the member; returns the media files to remove after commit, and how many
 * fediverse deliveries (the Deletes of their channel's posts) were queued.
 */
async function eraseRows(deps: AppDeps, trx: Transaction<DB>, user: User, now: number): Promise<{ files: string[]; unposted: number }> {
  const id = user.id;
  const channel = await trx.selectFrom("channel").select("id").where("user_id", "=", id).executeTakeFirst();
  const replays = channel ? await trx.selectFrom("replay").select(["file_path", "thumbnail_path"]).where("channel_id", "=", channel.id).execute() : [];
  // Their clips, and every clip of their channel: the moments are theirs or show them.
  const clips = await trx
    .selectFrom("clip")
    .select(["id", "file_path", "thumbnail_path"])
    .where((eb) => eb.or([eb("user_id", "=", id), ...(channel ? [eb("channel_id", "=", channel.id)] : [])]))
    .execute();
  const files = [
    // Their channel's whole recordings folder: replays, match replays, and the parts of every live, this one's too.
    ...(channel ? [join("recordings", String(channel.id))] : []),
    ...replays.flatMap((r) => [r.file_path, r.thumbnail_path]).flatMap((path) => (path ? [join("recordings", path)] : [])),
    ...clips.flatMap((c) => [c.file_path, c.thumbnail_path]).flatMap((path) => (path ? [join("clips", path)] : [])),
    ...[user.avatar, user.banner].flatMap((path) => (path?.startsWith("/uploads/") ? [path.slice(1)] : [])),
  ];
  if (clips.length > 0)
    await trx
      .deleteFrom("clip")
      .where(
        "id",
        "in",
        clips.map((clip) => clip.id),
      )
      .execute();
  for (const table of ["auth_token", "oauth_account", "notification", "chat_ban", "data_export", "waitlist_entry"] as const) await trx.deleteFrom(table).where("user_id", "=", id).execute();
  await trx
    .deleteFrom("follow")
    .where((eb) => eb.or([eb("follower_id", "=", id), eb("followed_id", "=", id)]))
    .execute();
  await trx.deleteFrom("chat_message").where("user_id", "=", id).execute();
  await trx.updateTable("chat_moderation").set({ target_user_id: null, detail: "" }).where("target_user_id", "=", id).execute();
  // Others' notifications about them (a live, a sale) carry their name in their words.
  await trx
    .deleteFrom("notification")
    .where((eb) => eb.or([eb("actor_id", "=", id), eb("data", "like", `%${JSON.stringify(user.username)}%`)]))
    .execute();
  await trx.deleteFrom("login_failure").where(sql<boolean>`lower(account) in (lower(${user.username}), lower(${user.email}))`).execute();
  // The limits keyed by the address (password reset requests).
  await trx.deleteFrom("rate_limit").where("key", "=", resetAccountKey(user.email)).execute();
  await trx
    .deleteFrom("report")
    .where("target_type", "=", "user")
    .where("target_id", "in", [String(id), user.username])
    .execute();
  await trx
    .deleteFrom("event_participant")
    .where("user_id", "=", id)
    .where("event_id", "in", (eb) => eb.selectFrom("event").select("id").where("start_date", ">", now))
    .execute();
  await trx
    .deleteFrom("tournament_player")
    .where("user_id", "=", id)
    .where("tournament_id", "in", (eb) => eb.selectFrom("tournament").select("id").where("finished_at", "is", null))
    .execute();
  const unposted = channel ? await eraseChannel(deps, trx, channel.id) : 0;
  // The overlays' secret address stops with the account.
  await trx.deleteFrom("overlay").where("user_id", "=", id).execute();
  await forgetInWebhooks(trx, id, user.username, channel?.id);
  await trx
    .updateTable("user")
    .set({
      username: erasedUsername(id),
      email: erasedEmail(id),
      password_hash: null,
      role: "viewer",
      first_name: "",
      last_name: "",
      about: "",
      avatar: null,
      banner: null,
      verified: 0,
      email_verified_at: null,
      last_login_at: null,
      suspended_at: now,
      updated_at: now,
    })
    .where("id", "=", id)
    .execute();
  return { files, unposted };
}

/** The channel row stays (past lives point at it) with nothing of its owner's left in it. Returns the fediverse deliveries queued. */
async function eraseChannel(deps: AppDeps, trx: Transaction<DB>, channelId: number): Promise<number> {
  await trx.deleteFrom("replay").where("channel_id", "=", channelId).execute();
  await trx.deleteFrom("restream_target").where("channel_id", "=", channelId).execute();
  await trx.deleteFrom("viewer_presence").where("channel_id", "=", channelId).execute();
  await trx.deleteFrom("stream_health").where("channel_id", "=", channelId).execute();
  // Its fediverse posts go; their Deletes are signed when sent, so forgetActorKeys keeps its keys until then.
  const unposted = await eraseChannelPosts(deps, trx, channelId);
  await forgetActorKeys(trx, { type: "channel", id: channelId });
  // Their raid settings, and the raids they sent and received: each names their channel beside another's; the
  // lines their raids left in other chats name them too.
  const sent = await trx.selectFrom("raid").select("id").where("from_channel_id", "=", channelId).execute();
  if (sent.length > 0)
    await trx
      .deleteFrom("chat_message")
      .where(
        "dedupe_key",
        "in",
        sent.map((raid) => `raid:${raid.id}`),
      )
      .execute();
  await trx
    .deleteFrom("raid_block")
    .where((eb) => eb.or([eb("channel_id", "=", channelId), eb("blocked_channel_id", "=", channelId)]))
    .execute();
  await trx
    .deleteFrom("raid")
    .where((eb) => eb.or([eb("from_channel_id", "=", channelId), eb("to_channel_id", "=", channelId)]))
    .execute();
  await trx.updateTable("live_session").set({ title: "", description: "", tags: "[]" }).where("channel_id", "=", channelId).execute();
  await trx
    .updateTable("channel")
    .set({
      title: "",
      search_title: "",
      description: "",
      tags: "[]",
      stream_key: crypto.randomUUID(),
      // Frees their SRT port; every node stops its listener on the signal sent after.
      srt_port: null,
      paypalme: null,
      social_facebook: null,
      social_twitter: null,
      social_instagram: null,
      social_youtube: null,
      social_website: null,
      raid_policy: "everyone",
    })
    .where("id", "=", channelId)
    .execute();
  return unposted;
}
