// A member downloads everything Arena holds about them (RGPD, right of access): asked for from the
// settings, prepared in the background as one ZIP (a JSON file per subject, plus their pictures,
// replays and clips), announced in the app and by mail, downloadable by them alone for a week.
import { createReadStream, createWriteStream, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { once } from "node:events";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { DataExportTable, User } from "../../db/types.ts";
import type { Selectable } from "kysely";
import { runInBackground } from "../http/background.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, NotFoundError } from "../http/errors.ts";
import { type Language, translate } from "../i18n/messages.ts";
import { notify } from "../notifications/service.ts";

const EXPORT_KEPT_MS = 7 * 24 * 3_600_000;
/** A request still pending after this long died with its node: the member may ask again. */
const STALE_AFTER_MS = 3_600_000;
/** One export per member and hour: each one reads all their rows and copies their replays. */
const ONE_PER_MS = 3_600_000;

type DataExport = Selectable<DataExportTable>;

export function exportView(row: DataExport | undefined, now: number) {
  if (!row) return null;
  const status: DataExportTable["status"] | "expired" =
    row.status === "pending" && now - row.requested_at > STALE_AFTER_MS ? "failed" : row.expires_at !== null && row.expires_at <= now ? "expired" : row.status;
  return {
    id: row.id,
    status,
    requestedAt: new Date(row.requested_at).toISOString(),
    readyAt: row.ready_at === null ? null : new Date(row.ready_at).toISOString(),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    size: row.size,
    downloadUrl: status === "ready" ? `/api/me/data-export/${row.id}/download` : null,
  };
}

export async function latestExport(deps: AppDeps, userId: number): Promise<DataExport | undefined> {
  return deps.db.selectFrom("data_export").selectAll().where("user_id", "=", userId).orderBy("requested_at", "desc").orderBy("id", "desc").executeTakeFirst();
}

/** Records the request and starts the ZIP; `done` settles when it is written (tests wait on it, the route does not). */
export async function requestExport(deps: AppDeps, user: User, lang: Language): Promise<{ row: DataExport; done: Promise<void> }> {
  const now = deps.now();
  const last = await latestExport(deps, user.id);
  const lastView = exportView(last, now);
  if (lastView?.status === "pending") throw new AppError(409, "data_export_pending");
  if (last && now - last.requested_at < ONE_PER_MS) throw new AppError(429, "data_export_too_soon");
  const row = await deps.db
    .insertInto("data_export")
    .values({ user_id: user.id, status: "pending", file: null, size: null, requested_at: now, ready_at: null, expires_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  const done = runInBackground(
    buildExport(deps, user, row.id, lang).catch(async () => {
      await deps.db
        .updateTable("data_export")
        .set({ status: "failed" })
        .where("id", "=", row.id)
        .execute()
        .catch(() => undefined);
    }),
  );
  return { row, done };
}

/** The ZIP of a ready export, for its owner only. */
export async function exportFile(deps: AppDeps, user: User, exportId: number): Promise<{ path: string; size: number }> {
  const row = await deps.db.selectFrom("data_export").selectAll().where("id", "=", exportId).where("user_id", "=", user.id).executeTakeFirst();
  if (exportView(row, deps.now())?.status !== "ready" || !row?.file) throw new NotFoundError("data_export_not_found");
  const path = join(deps.config.mediaDir, row.file);
  if (!existsSync(path)) throw new NotFoundError("data_export_not_found");
  return { path, size: statSync(path).size };
}

async function buildExport(deps: AppDeps, user: User, exportId: number, lang: Language): Promise<void> {
  const relative = join("exports", String(user.id), `arena-${user.username}-${exportId}.zip`);
  const path = join(deps.config.mediaDir, relative);
  mkdirSync(dirname(path), { recursive: true });
  try {
    await writeZip(path, await collectData(deps, user), [...mediaOf(deps, user, await replayFiles(deps, user.id)), ...(await clipMedia(deps, user.id))]);
  } catch (error) {
    rmSync(path, { force: true });
    throw error;
  }
  const now = deps.now();
  await deps.db
    .updateTable("data_export")
    .set({ status: "ready", file: relative, size: statSync(path).size, ready_at: now, expires_at: now + EXPORT_KEPT_MS })
    .where("id", "=", exportId)
    .execute();
  await notify(deps, [user.id], { type: "data_export_ready", actorId: null, link: "/settings?tab=privacy", data: {} });
  await deps.mailer.send({
    to: user.email,
    subject: translate(lang, "auth:data_export_subject"),
    text: translate(lang, "auth:data_export_body", { username: user.username, link: `${deps.config.publicUrl}/settings?tab=privacy` }),
  });
}

/** Every row about the member, one file per subject. Secrets (password hash, stream key, restream keys) are left out. */
async function collectData(deps: AppDeps, user: User): Promise<Record<string, unknown>> {
  const db = deps.db;
  const id = user.id;
  const { password_hash, ...profile } = user;
  const channel = await db.selectFrom("channel").selectAll().where("user_id", "=", id).executeTakeFirst();
  const { stream_key, ...channelData } = channel ?? { stream_key: "" };
  return {
    "profile.json": {
      ...profile,
      hasPassword: password_hash !== null,
      signInProviders: await db.selectFrom("oauth_account").select(["provider", "created_at"]).where("user_id", "=", id).execute(),
      sessions: await db.selectFrom("session").select(["created_at", "expires_at", "user_agent"]).where("user_id", "=", id).execute(),
    },
    "channel.json": channel ? channelData : null,
    "follows.json": {
      following: await db.selectFrom("follow").innerJoin("user", "user.id", "follow.followed_id").select(["user.username", "follow.created_at"]).where("follow.follower_id", "=", id).execute(),
      followers: (await db.selectFrom("follow").select(db.fn.countAll<number>().as("count")).where("followed_id", "=", id).executeTakeFirstOrThrow()).count,
    },
    "chat-messages.json": await db
      .selectFrom("chat_message")
      .innerJoin("channel", "channel.id", "chat_message.channel_id")
      .innerJoin("user", "user.id", "channel.user_id")
      .select(["chat_message.id", "user.username as channel", "chat_message.content", "chat_message.created_at", "chat_message.deleted_at"])
      .where("chat_message.user_id", "=", id)
      // The bracket's lines in their channel's chat are the tournament's words, not theirs.
      .where("chat_message.kind", "!=", "system")
      .orderBy("chat_message.id")
      .execute(),
    "tickets.json": await db
      .selectFrom("ticket")
      .innerJoin("event", "event.id", "ticket.event_id")
      .select(["ticket.id", "event.name as event", "event.start_date", "ticket.ticket_type", "ticket.price", "ticket.status", "ticket.created_at", "ticket.checked_in_at"])
      .where("ticket.user_id", "=", id)
      .execute(),
    "wallet.json": {
      wallet: await db.selectFrom("wallet").select(["balance", "currency", "updated_at"]).where("user_id", "=", id).executeTakeFirst(),
      ledger: await db.selectFrom("wallet_transaction").selectAll().where("user_id", "=", id).orderBy("id").execute(),
    },
    "events.json": {
      organised: await db.selectFrom("event").selectAll().where("created_by", "=", id).execute(),
      registrations: await db
        .selectFrom("event_participant")
        .innerJoin("event", "event.id", "event_participant.event_id")
        .select(["event.name as event", "event_participant.status", "event_participant.created_at"])
        .where("event_participant.user_id", "=", id)
        .execute(),
    },
    "tournaments.json": {
      organised: await db.selectFrom("tournament").select(["id", "name", "game_name", "start_date", "created_at", "finished_at"]).where("admin_id", "=", id).execute(),
      entries: await db
        .selectFrom("tournament_player")
        .innerJoin("tournament", "tournament.id", "tournament_player.tournament_id")
        .select(["tournament.name as tournament", "tournament_player.status", "tournament_player.joined_at"])
        .where("tournament_player.user_id", "=", id)
        .execute(),
    },
    "waiting-lists.json": await db
      .selectFrom("waitlist_entry")
      .select(["kind", "target_id", "status", "joined_at", "offered_at", "expires_at", "settled_at"])
      .where("user_id", "=", id)
      .orderBy("id")
      .execute(),
    "notifications.json": await db.selectFrom("notification").select(["type", "link", "data", "created_at", "read_at"]).where("user_id", "=", id).orderBy("id").execute(),
    "reports.json": await db.selectFrom("report").select(["target_type", "target_id", "reason", "status", "created_at", "resolution"]).where("reporter_id", "=", id).execute(),
    "replays.json": await db
      .selectFrom("replay")
      .innerJoin("channel", "channel.id", "replay.channel_id")
      .select(["replay.id", "replay.title", "replay.description", "replay.duration", "replay.created_at", "replay.view_count", "replay.file_path"])
      .where("channel.user_id", "=", id)
      .execute(),
    "raids.json": channel ? await raidsOf(db, channel.id) : null,
    "clips.json": await db
      .selectFrom("clip")
      .innerJoin("channel", "channel.id", "clip.channel_id")
      .innerJoin("user", "user.id", "channel.user_id")
      .select(["clip.id", "clip.title", "user.username as channel", "clip.replay_id", "clip.start_seconds", "clip.duration", "clip.status", "clip.created_at", "clip.view_count", "clip.file_path"])
      .where("clip.user_id", "=", id)
      .orderBy("clip.id")
      .execute(),
  };
}

/** Their channel's raid settings and history (issue 36, item 5): the channels it blocks, the raids it sent and received. */
async function raidsOf(db: AppDeps["db"], channelId: number) {
  const raids = (direction: "sent" | "received") =>
    db
      .selectFrom("raid")
      .innerJoin("channel", "channel.id", direction === "sent" ? "raid.to_channel_id" : "raid.from_channel_id")
      .innerJoin("user", "user.id", "channel.user_id")
      .select(["user.username as channel", "raid.viewers", "raid.state", "raid.started_at", "raid.ended_at"])
      .where(direction === "sent" ? "raid.from_channel_id" : "raid.to_channel_id", "=", channelId)
      .orderBy("raid.id")
      .execute();
  return {
    blocked: await db
      .selectFrom("raid_block")
      .innerJoin("channel", "channel.id", "raid_block.blocked_channel_id")
      .innerJoin("user", "user.id", "channel.user_id")
      .select(["user.username as channel", "raid_block.created_at"])
      .where("raid_block.channel_id", "=", channelId)
      .execute(),
    sent: await raids("sent"),
    received: await raids("received"),
  };
}

async function replayFiles(deps: AppDeps, userId: number): Promise<{ id: number; file_path: string | null }[]> {
  return deps.db
    .selectFrom("replay")
    .innerJoin("channel", "channel.id", "replay.channel_id")
    .select(["replay.id", "replay.file_path"])
    .where("channel.user_id", "=", userId)
    .where("replay.status", "=", "ready")
    .execute();
}

/** The member's own files: their pictures and their replays' videos, under the names the ZIP gives them. */
function mediaOf(deps: AppDeps, user: User, replays: { id: number; file_path: string | null }[]): [string, string][] {
  const files: [string, string][] = [];
  for (const [name, picture] of [
    ["avatar", user.avatar],
    ["banner", user.banner],
  ] as const) {
    if (picture?.startsWith("/uploads/")) files.push([`uploads/${name}.webp`, join(deps.config.mediaDir, picture.slice(1))]);
  }
  for (const replay of replays) if (replay.file_path) files.push([`replays/${replay.id}.mp4`, join(deps.config.mediaDir, "recordings", replay.file_path)]);
  return files.filter(([, path]) => existsSync(path));
}

/** The member's ready clips' videos, as clips/{id}.mp4. */
async function clipMedia(deps: AppDeps, userId: number): Promise<[string, string][]> {
  const clips = await deps.db.selectFrom("clip").select(["id", "file_path"]).where("user_id", "=", userId).where("status", "=", "ready").execute();
  return clips.flatMap((clip): [string, string][] => (clip.file_path ? [[`clips/${clip.id}.mp4`, join(deps.config.mediaDir, "clips", clip.file_path)]] : [])).filter(([, path]) => existsSync(path));
}

/** JSON files are deflated; videos and pictures, already compressed, are stored as they are, read in chunks. */
async function writeZip(path: string, data: Record<string, unknown>, media: [string, string][]): Promise<void> {
  const out = createWriteStream(path);
  let failure: Error | undefined;
  const finished = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  for (const [name, value] of Object.entries(data)) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(new TextEncoder().encode(JSON.stringify(value, null, 2)), true);
  }
  for (const [name, source] of media) {
    const file = new ZipPassThrough(name);
    zip.add(file);
    for await (const chunk of createReadStream(source)) {
      file.push(chunk as Uint8Array);
      if (out.writableNeedDrain) await once(out, "drain");
    }
    file.push(new Uint8Array(), true);
  }
  zip.end();
  await finished;
  if (failure) throw failure;
}
