import { randomBytes } from "node:crypto";
import type { User } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import { ensureChannel } from "../channels/own-channel.ts";
import { type ScoreBugSource, scoreBugMatch } from "../tournaments/score-bug.ts";
import { showAlerts } from "./alerts/alerts.ts";
import type { OverlayAlert, OverlayAlertKind, OverlayChannel, ScoreBug } from "./schemas.ts";

// A streamer's OBS overlays (issue 36, item 4). Their one secret opens every overlay page (alerts, chat, score bug,
// scene) without a session, as an OBS browser source has none; it reads only what the streamer's stream page shows
// anyone, so it is kept as it is and shown again in the settings (docs/decisions.md, "OBS overlays").

/** 24 random bytes: 32 characters of base64url, the form OverlaySecretParamSchema accepts. */
const newSecret = () => randomBytes(24).toString("base64url");

/** The caller's overlays: made on first asking (with the channel they show), so every streamer has an address to copy. */
export async function ownOverlay(deps: AppDeps, user: User): Promise<{ secret: string; sound: boolean }> {
  await ensureChannel(deps, user);
  await deps.db
    .insertInto("overlay")
    .values({ user_id: user.id, secret: newSecret(), created_at: deps.now() })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const row = await deps.db.selectFrom("overlay").select(["secret", "sound"]).where("user_id", "=", user.id).executeTakeFirstOrThrow();
  return { secret: row.secret, sound: row.sound === 1 };
}

/** A new address: the old one answers nothing from now on, and the overlays open with it stop (server/sockets.ts). */
export async function resetOverlay(deps: AppDeps, user: User): Promise<{ secret: string; sound: boolean }> {
  await ownOverlay(deps, user);
  await deps.db.updateTable("overlay").set({ secret: newSecret() }).where("user_id", "=", user.id).execute();
  deps.bus.emit("overlay:reset", { userId: user.id });
  return ownOverlay(deps, user);
}

export async function setOverlaySound(deps: AppDeps, user: User, sound: boolean): Promise<{ secret: string; sound: boolean }> {
  await ownOverlay(deps, user);
  await deps.db
    .updateTable("overlay")
    .set({ sound: sound ? 1 : 0 })
    .where("user_id", "=", user.id)
    .execute();
  return ownOverlay(deps, user);
}

/** What each kind of test alert says: the streamer sees how their overlay draws it before a real one comes. */
const SAMPLES: Record<OverlayAlertKind, (user: User) => OverlayAlert> = {
  follow: (user) => ({ kind: "follow", name: user.username, detail: "", score: "", count: 0 }),
  ticket: () => ({ kind: "ticket", name: "Standard", detail: "Arena LAN", score: "", count: 0 }),
  raid: (user) => ({ kind: "raid", name: user.username, detail: "", score: "", count: 12 }),
  match_won: (user) => ({ kind: "match_won", name: user.username, detail: "Arena Cup", score: "2 – 1", count: 0 }),
};

export function sendTestAlert(deps: AppDeps, user: User, kind: OverlayAlertKind): void {
  showAlerts(deps, [{ userId: user.id, alert: SAMPLES[kind](user) }]);
}

/** The member whose overlays `secret` opens, or null (an old address after a reset, or none). */
export async function overlayOwner(deps: Pick<AppDeps, "db">, secret: string): Promise<number | null> {
  const row = await deps.db.selectFrom("overlay").select("user_id").where("secret", "=", secret).executeTakeFirst();
  return row?.user_id ?? null;
}

async function ownerChannel(deps: AppDeps, secret: string) {
  const row = await deps.db
    .selectFrom("overlay")
    .innerJoin("user", "user.id", "overlay.user_id")
    .innerJoin("channel", "channel.user_id", "overlay.user_id")
    .select(["user.username", "user.avatar", "channel.public_id", "channel.title", "channel.is_live", "overlay.sound"])
    .where("overlay.secret", "=", secret)
    .where("user.suspended_at", "is", null)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("overlay_not_found");
  return row;
}

export async function overlayChannel(deps: AppDeps, secret: string): Promise<OverlayChannel> {
  const row = await ownerChannel(deps, secret);
  return { success: true, username: row.username, avatar: row.avatar, streamID: row.public_id, title: row.title, isLive: row.is_live === 1, sound: row.sound === 1 };
}

/** The score bug's match: a station or a match when the address names one, else the one on the streamer's station. */
export async function overlayScoreBug(deps: AppDeps, secret: string, query: { station?: number; match?: string }): Promise<ScoreBug> {
  const row = await ownerChannel(deps, secret);
  const source: ScoreBugSource = query.match ? { matchId: query.match } : query.station ? { stationId: query.station } : { streamerUsername: row.username };
  return { success: true, match: await scoreBugMatch(deps, source) };
}
