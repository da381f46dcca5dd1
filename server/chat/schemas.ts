import { z } from "zod";
import { VerdictSchema } from "../restricted/schemas.ts";
import { numeric } from "../../shared/numeric.ts";

export const MAX_MESSAGE_LENGTH = 500;

/** A chat line as both the socket and the history call give it: `message` and `content` carry the same text (spec 01 §3). */
const ChatMessageSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    username: z.string(),
    avatar: z.string().nullable(),
    message: z.string(),
    content: z.string(),
    streamID: z.string(),
    streamId: z.string(),
    timestamp: z.string(),
    /** Only on the bracket's lines (issue 18): a key of the chat texts and its parameters, drawn in the reader's language. */
    system: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).optional(),
  })
  .meta({ id: "ChatMessage" });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const StreamIdParamSchema = z.object({ streamID: z.string().regex(/^[a-f0-9]{1,64}$/) });
export const HistoryQuerySchema = z.object({ limit: numeric(z.number().int().min(1).max(200).optional().default(50)) });
export const MessageIdParamSchema = z.object({ messageId: numeric(z.number().int().positive()) });
export const BanInputSchema = z.object({
  userId: z.number().int().positive(),
  /** Absent: banned until lifted. */
  minutes: z
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .optional(),
  reason: z.string().trim().max(200).optional().default(""),
});
export const BanParamSchema = z.object({ streamID: z.string().regex(/^[a-f0-9]{1,64}$/), userId: numeric(z.number().int().positive()) });
export const SlowModeInputSchema = z.object({ seconds: z.number().int().min(0).max(600) });
export const ChatStateSchema = z.object({
  success: z.literal(true),
  slowSeconds: z.number(),
  canModerate: z.boolean(),
  /** The caller's own ban, if any. */
  ban: z.object({ until: z.string().nullable(), reason: z.string() }).nullable(),
  /** The chat's rule (issue 18, item 4), whether the caller may write under it, and what lets them in: the input says it before anyone types. */
  access: VerdictSchema,
});
export type ChatState = z.infer<typeof ChatStateSchema>;

export const ChatHistoryResponseSchema = z.array(ChatMessageSchema);
export type ChatHistory = z.infer<typeof ChatHistoryResponseSchema>;
export const ChatDoneResponseSchema = z.object({ success: z.literal(true) });
export type ChatDone = z.infer<typeof ChatDoneResponseSchema>;
/** `until` (ISO 8601) is null for a ban until lifted. */
export const ChatBanResponseSchema = ChatDoneResponseSchema.extend({ userId: z.number(), until: z.string().nullable(), reason: z.string() });
export type ChatBan = z.infer<typeof ChatBanResponseSchema>;
export const SlowModeResponseSchema = ChatDoneResponseSchema.extend({ seconds: z.number() });
export type SlowMode = z.infer<typeof SlowModeResponseSchema>;
