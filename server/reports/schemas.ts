import { z } from "zod";
import { numeric } from "../../shared/numeric.ts";

export const ReportInputSchema = z.object({
  targetType: z.enum(["stream", "user", "replay", "tournament", "message"], { error: "invalid_input" }),
  targetId: z.union([z.string().min(1).max(64), z.number().int().positive()]).transform(String),
  reason: z.string({ error: "report_reason_required" }).trim().min(10, "report_reason_required").max(1000, "report_reason_too_long"),
});
export type ReportInput = z.infer<typeof ReportInputSchema>;

const ReportSchema = z
  .object({
    id: z.number(),
    targetType: ReportInputSchema.shape.targetType,
    targetId: z.string(),
    /** Who the report is about (the user behind the stream, replay or message). */
    targetUser: z.object({ id: z.number(), username: z.string() }).nullable(),
    targetLabel: z.string(),
    reason: z.string(),
    status: z.enum(["open", "dismissed", "actioned"]),
    resolution: z.string(),
    reporter: z.object({ id: z.number(), username: z.string() }),
    createdAt: z.string(),
  })
  .meta({ id: "Report" });
export type ReportResponse = z.infer<typeof ReportSchema>;

export const ReportListQuerySchema = z.object({ status: z.enum(["open", "dismissed", "actioned", "all"]).optional().default("open") });
export const ReportIdParamSchema = z.object({ id: numeric(z.number().int().positive()) });
export const ResolveReportSchema = z.object({
  status: z.enum(["dismissed", "actioned"]),
  /** What a moderator does about it: hide the replay, ban the user from the channel's chat, or suspend the account. */
  action: z.enum(["hide_replay", "ban_chat", "suspend_account"]).optional(),
});

export const ReportStoredResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type ReportStored = z.infer<typeof ReportStoredResponseSchema>;
export const ReportListResponseSchema = z.object({ success: z.literal(true), reports: z.array(ReportSchema) });
export type ReportList = z.infer<typeof ReportListResponseSchema>;
export const ReportResolvedResponseSchema = z.object({ success: z.literal(true) });
