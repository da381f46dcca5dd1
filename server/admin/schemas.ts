import { z } from "zod";
import { RoleSchema } from "../auth/schemas.ts";
import { numeric } from "../../shared/numeric.ts";

export const MemberQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  role: RoleSchema.optional(),
  state: z.enum(["active", "suspended", "deleted"]).optional(),
  page: numeric(z.number().int().min(1).optional().default(1)),
  limit: numeric(z.number().int().min(1).max(100).optional().default(25)),
});

export const MemberIdParamSchema = z.object({ id: numeric(z.number().int().positive()) });

const MemberRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  state: z.enum(["active", "suspended", "deleted"]),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
});

export const MemberListSchema = z.object({ success: z.literal(true), members: z.array(MemberRowSchema), total: z.number() }).meta({ id: "AdminMemberList" });

export const MemberDetailSchema = z
  .object({
    success: z.literal(true),
    member: MemberRowSchema.extend({ firstName: z.string(), lastName: z.string(), emailVerified: z.boolean(), openSessions: z.number() }),
    channel: z.object({ publicId: z.string(), title: z.string(), isLive: z.boolean() }).nullable(),
    lives: z.array(z.object({ id: z.number(), title: z.string(), startedAt: z.string(), endedAt: z.string().nullable() })),
    replays: z.array(z.object({ id: z.number(), title: z.string(), status: z.string(), duration: z.number().nullable(), createdAt: z.string(), deletedAt: z.string().nullable() })),
    tickets: z.array(z.object({ id: z.number(), event: z.string(), eventSlug: z.string(), status: z.string(), price: z.number(), createdAt: z.string() })),
    wallet: z.object({ balance: z.number(), recent: z.array(z.object({ id: z.number(), amount: z.number(), type: z.string(), description: z.string(), createdAt: z.string() })) }),
    reports: z.array(z.object({ id: z.number(), targetType: z.string(), targetId: z.string(), reason: z.string(), status: z.string(), createdAt: z.string() })),
  })
  .meta({ id: "AdminMemberDetail" });

export const CoinAdjustmentSchema = z.object({
  amount: z
    .number({ error: "invalid_amount" })
    .int("invalid_amount")
    .min(-100_000_000, "invalid_amount")
    .max(100_000_000, "invalid_amount")
    .refine((n) => n !== 0, "invalid_amount"),
  reason: z.string({ error: "adjust_reason_required" }).trim().min(1, "adjust_reason_required").max(200, "adjust_reason_required"),
});

export const DoneSchema = z.object({ success: z.literal(true) });
export const SignedOutSchema = z.object({ success: z.literal(true), sessionsEnded: z.number() });
export const AdjustedSchema = z.object({ success: z.literal(true), balance: z.number() });

/** A value an audit entry recorded: a role, a balance, a date, a reason. */
const AuditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const AuditQuerySchema = z.object({
  page: numeric(z.number().int().min(1).optional().default(1)),
  limit: numeric(z.number().int().min(1).max(100).optional().default(50)),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(100).optional(),
});

export const AuditPageSchema = z
  .object({
    success: z.literal(true),
    entries: z.array(
      z.object({
        id: z.number(),
        actor: z.object({ id: z.number(), username: z.string().nullable() }),
        action: z.string(),
        target: z.object({ type: z.string(), id: z.string() }),
        before: z.record(z.string(), AuditValueSchema).nullable(),
        after: z.record(z.string(), AuditValueSchema).nullable(),
        at: z.string(),
      }),
    ),
    total: z.number(),
  })
  .meta({ id: "AuditLogPage" });

export const MachineSchema = z
  .object({
    success: z.literal(true),
    disks: z.array(z.object({ volume: z.enum(["data", "media"]), status: z.string(), freeBytes: z.number().nullable(), totalBytes: z.number().nullable() })),
    usage: z.object({ recordings: z.number(), uploads: z.number(), exports: z.number(), backups: z.number(), database: z.number() }),
    lives: z.array(z.object({ username: z.string(), title: z.string(), startedAt: z.string(), node: z.string().nullable() })),
    /** This node's supervised ffmpeg jobs (live remux and recording, restream relays). */
    ffmpegJobs: z.number(),
    log: z.array(z.object({ at: z.string(), line: z.string() })),
  })
  .meta({ id: "AdminMachine" });

export const BackupListSchema = z
  .object({ success: z.literal(true), running: z.boolean(), backups: z.array(z.object({ name: z.string(), size: z.number(), createdAt: z.string(), downloadUrl: z.string() })) })
  .meta({ id: "AdminBackups" });

export const BackupNameParamSchema = z.object({ name: z.string().max(100) });
