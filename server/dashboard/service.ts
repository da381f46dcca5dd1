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

/** The stat cards of the caller's role (spec 02 §6), with real figures. */
export async function dashboardFor(deps: AppDeps, user: User) {
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
