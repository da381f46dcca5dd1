import { sql } from "kysely";
import type { User } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { ticketSales } from "../tickets/sales.ts";

const count = (deps: AppDeps, table: "user" | "event") =>
  deps.db
    .selectFrom(table)
    .select(sql<number>`COUNT(*)`.as("n"))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

const openReports = (deps: AppDeps) =>
  deps.db
    .selectFrom("report")
    .select(sql<number>`COUNT(*)`.as("n"))
    .where("status", "=", "open")
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

const LAST_LIVES = 5;

/**
 * The member's own channel once it has gone live (issue 34, item 13), whatever their role: its followers, its
 * lives (the last five, each with its replay when one is watchable) and its replays. Null before a first live.
 */
async function channelSummaryOf(deps: AppDeps, userId: number) {
  const channel = await deps.db.selectFrom("channel").select("id").where("user_id", "=", userId).executeTakeFirst();
  if (!channel) return null;
  const lives = await deps.db
    .selectFrom("live_session")
    .select(["id", "title", "started_at", "ended_at"])
    .where("channel_id", "=", channel.id)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .execute();
  if (!lives.length) return null;
  const replays = await deps.db
    .selectFrom("replay")
    .select(["id", "live_session_id"])
    .where("channel_id", "=", channel.id)
    .where("status", "=", "ready")
    .where("deleted_at", "is", null)
    .where("tournament_id", "is", null)
    .execute();
  const followers = await deps.db.selectFrom("follow").select(sql<number>`COUNT(*)`.as("n")).where("followed_id", "=", userId).executeTakeFirstOrThrow();
  const replayOfSession = new Map(replays.map((replay) => [replay.live_session_id, replay.id]));
  return {
    followers: Number(followers.n),
    lives: lives.length,
    replays: replays.length,
    lastLives: lives.slice(0, LAST_LIVES).map((live) => ({
      title: live.title,
      startedAt: new Date(live.started_at).toISOString(),
      endedAt: live.ended_at === null ? null : new Date(live.ended_at).toISOString(),
      replayId: replayOfSession.get(live.id) ?? null,
    })),
  };
}

/** The stat cards of the caller's role (spec 02 §6), with real figures, and their channel once it has gone live. */
export async function dashboardFor(deps: AppDeps, user: User) {
  return { ...(await roleStatsFor(deps, user)), channel: await channelSummaryOf(deps, user.id) };
}

async function roleStatsFor(deps: AppDeps, user: User) {
  const now = deps.now();
  switch (user.role) {
    case "streamer": {
      const assigned = await deps.db
        .selectFrom("assignment")
        .innerJoin("event", "event.id", "assignment.event_id")
        .select(["event.start_date", "event.status"])
        .where("assignment.streamer_id", "=", user.id)
        .execute();
      const totalStreams = await deps.db
        .selectFrom("live_session")
        .innerJoin("channel", "channel.id", "live_session.channel_id")
        .select(sql<number>`COUNT(*)`.as("n"))
        .where("channel.user_id", "=", user.id)
        .executeTakeFirstOrThrow();
      return {
        role: user.role,
        stats: { assignedEvents: assigned.length, upcomingStreams: assigned.filter((a) => a.start_date > now && a.status !== "cancelled").length, totalStreams: Number(totalStreams.n) },
      };
    }
    case "organizer": {
      const events = await deps.db.selectFrom("event").select(["id", "status"]).where("created_by", "=", user.id).execute();
      const sales = await ticketSales(deps.db, user.id);
      return {
        role: user.role,
        stats: { createdEvents: events.length, activeEvents: events.filter((e) => e.status === "published" || e.status === "active").length, revenue: sales.revenue, ticketsSold: sales.ticketsSold },
      };
    }
    case "moderator":
    case "admin": {
      const { revenue } = await ticketSales(deps.db);
      return {
        role: user.role,
        stats: { users: await count(deps, "user"), events: await count(deps, "event"), revenue, openReports: await openReports(deps) },
      };
    }
    case "viewer": {
      const follows = await deps.db.selectFrom("follow").select(sql<number>`COUNT(*)`.as("n")).where("follower_id", "=", user.id).executeTakeFirstOrThrow();
      const tickets = await deps.db.selectFrom("ticket").select(sql<number>`COUNT(*)`.as("n")).where("user_id", "=", user.id).where("status", "=", "valid").executeTakeFirstOrThrow();
      const tournaments = await deps.db.selectFrom("tournament_player").select(sql<number>`COUNT(*)`.as("n")).where("user_id", "=", user.id).executeTakeFirstOrThrow();
      return { role: user.role, stats: { followedChannels: Number(follows.n), tickets: Number(tickets.n), tournamentsJoined: Number(tournaments.n) } };
    }
  }
}
