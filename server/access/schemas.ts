import { z } from "zod";

const VerdictSchema = z.object({
  mode: z.string(),
  allowed: z.boolean(),
  /** What lets the caller in: "login", "ticket" (of `event`), "entry" (to `tournament`), "follow" (chat only). */
  reason: z.enum(["login", "ticket", "entry", "follow"]).nullable(),
  event: z.object({ id: z.number(), slug: z.string(), name: z.string() }).nullable(),
  tournament: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export const LiveAccessSchema = z.object({ success: z.literal(true), watch: VerdictSchema, chat: VerdictSchema }).meta({ id: "LiveAccess" });
export type LiveAccess = z.infer<typeof LiveAccessSchema>;
