import { z } from "zod";

/** The stat cards of the caller's role (spec 02 §6): each role has its own figures. */
export const DashboardResponseSchema = z
  .discriminatedUnion("role", [
    z.object({ success: z.literal(true), role: z.literal("streamer"), stats: z.object({ assignedEvents: z.number(), upcomingStreams: z.number(), totalStreams: z.number() }) }),
    z.object({ success: z.literal(true), role: z.literal("organizer"), stats: z.object({ createdEvents: z.number(), activeEvents: z.number(), revenue: z.number(), ticketsSold: z.number() }) }),
    z.object({ success: z.literal(true), role: z.enum(["moderator", "admin"]), stats: z.object({ users: z.number(), events: z.number(), revenue: z.number(), openReports: z.number() }) }),
    z.object({ success: z.literal(true), role: z.literal("viewer"), stats: z.object({ followedChannels: z.number(), tickets: z.number(), tournamentsJoined: z.number() }) }),
  ])
  .meta({ id: "Dashboard" });
export type Dashboard = z.infer<typeof DashboardResponseSchema>;
