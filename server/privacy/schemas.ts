import { z } from "zod";

const DataExportSchema = z
  .object({
    id: z.number(),
    /** "expired": ready once, removed after a week; "failed": ask again. */
    status: z.enum(["pending", "ready", "failed", "expired"]),
    requestedAt: z.string(),
    readyAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    size: z.number().nullable(),
    downloadUrl: z.string().nullable(),
  })
  .meta({ id: "DataExport" });

export const DataExportResponseSchema = z.object({ success: z.literal(true), export: DataExportSchema.nullable() });

export const ExportIdParamSchema = z.object({ exportId: z.coerce.number().int().positive() });

export const AccountDeletionSchema = z
  .object({
    /** The account's password; accounts that only sign in with Google or Facebook type their username instead. */
    password: z.string().max(200).optional(),
    confirmation: z.string().max(100).optional(),
  })
  .meta({ id: "AccountDeletion" });

export const AccountDeletedSchema = z.object({
  success: z.literal(true),
  /** Tickets for events still to come, refunded before the account went. */
  refunded: z.array(z.object({ event: z.string(), amount: z.number() })),
});
