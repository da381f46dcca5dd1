import { z } from "zod";
import { RoleSchema } from "../auth/schemas.ts";
import { numeric } from "../../shared/numeric.ts";

const IsoDate = z.string().describe("ISO 8601");
const AssignmentRoleSchema = z.enum(["main_streamer", "co_streamer", "backup_streamer"]);

export const AssignSchema = z.object({
  eventId: numeric(z.number().int().positive()),
  streamerId: numeric(z.number({ error: "assignment_streamer_required" }).int("assignment_streamer_required").positive("assignment_streamer_required")),
  role: z.enum(["main_streamer", "co_streamer", "backup_streamer"], { error: "assignment_role_invalid" }).optional().default("main_streamer"),
  notes: z.string().trim().max(1000, "text_too_long").optional().default(""),
});

/** A streamer assigned to an event, with both sides named for the lists that show either. */
const AssignmentResponseSchema = z
  .object({
    id: z.number(),
    eventId: z.number(),
    streamerId: z.number(),
    role: AssignmentRoleSchema,
    notes: z.string(),
    assignedAt: IsoDate,
    streamer: z.object({ username: z.string(), role: RoleSchema, avatar: z.string().nullable() }),
    event: z.object({ name: z.string(), startDate: IsoDate, slug: z.string() }),
  })
  .meta({ id: "Assignment" });
export type Assignment = z.infer<typeof AssignmentResponseSchema>;

export const AssignedResponseSchema = z.object({ success: z.literal(true), assignment: AssignmentResponseSchema });
export type Assigned = z.infer<typeof AssignedResponseSchema>;
export const AssignmentListResponseSchema = z.object({ success: z.literal(true), assignments: z.array(AssignmentResponseSchema) });
export type AssignmentList = z.infer<typeof AssignmentListResponseSchema>;
export const AssignmentRemovedResponseSchema = z.object({ success: z.literal(true) });
export type AssignmentRemoved = z.infer<typeof AssignmentRemovedResponseSchema>;
export const AssignmentCheckResponseSchema = z.object({ success: z.literal(true), isAssigned: z.boolean(), role: AssignmentRoleSchema.nullable() });

/** Someone who streams here; `_id` repeats `id` because the screens read either. */
const StreamerResponseSchema = z.object({ id: z.number(), _id: z.number(), username: z.string(), role: RoleSchema, avatar: z.string().nullable(), verified: z.boolean() }).meta({ id: "Streamer" });
export const StreamerListResponseSchema = z.object({ success: z.literal(true), streamers: z.array(StreamerResponseSchema) });
export type StreamerList = z.infer<typeof StreamerListResponseSchema>;
