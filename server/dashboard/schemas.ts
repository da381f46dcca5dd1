import { z } from "zod";

/** The member's channel once it has gone live (issue 34, item 13); null before its first live. */
const ChannelSummarySchema = z
  .object({
    followers: z.number(),
    lives: z.number(),
    replays: z.number(),
    lastLives: z.array(z.object({ title: z.string(), startedAt: z.string(), endedAt: z.string().nullable(), replayId: z.number().nullable() })),
  })
  .nullable();

const withChannel = { success: z.literal(true), channel: ChannelSummarySchema };

/** The stat cards of the caller's role (spec 02 §6): each role has its own figures. */
export const DashboardResponseSchema = z
  .discriminatedUnion("role", [
    z.object({ ...withChannel, role: z.literal("streamer"), stats: z.object({ assignedEvents: z.number(), upcomingStreams: z.number(), totalStreams: z.number() }) }),
    z.object({ ...withChannel, role: z.literal("organizer"), stats: z.object({ createdEvents: z.number(), activeEvents: z.number(), revenue: z.number(), ticketsSold: z.number() }) }),
    z.object({ ...withChannel, role: z.enum(["moderator", "admin"]), stats: z.object({ users: z.number(), events: z.number(), revenue: z.number(), openReports: z.number() }) }),
    z.object({ ...withChannel, role: z.literal("viewer"), stats: z.object({ followedChannels: z.number(), tickets: z.number(), tournamentsJoined: z.number() }) }),
  ])
  .meta({ id: "Dashboard" });
export type Dashboard = z.infer<typeof DashboardResponseSchema>;
export type ChannelSummary = NonNullable<Dashboard["channel"]>;
