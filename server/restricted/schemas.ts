import { z } from "zod";

export const VerdictSchema = z.object({
  mode: z.string(),
  allowed: z.boolean(),
  /** What lets the caller in: "login", "ticket" (of `event`), "entry" (to `tournament`), "follow" (chat only). */
  reason: z.enum(["login", "ticket", "entry", "follow"]).nullable(),
  event: z.object({ id: z.number(), slug: z.string(), name: z.string() }).nullable(),
  tournament: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export const LiveAccessSchema = z.object({ success: z.literal(true), watch: VerdictSchema, chat: VerdictSchema }).meta({ id: "LiveAccess" });
export type LiveAccess = z.infer<typeof LiveAccessSchema>;

/** A replay's verdict: its live's watch rule, asked the same way its files ask it. */
export const ReplayAccessSchema = z.object({ success: z.literal(true), watch: VerdictSchema }).meta({ id: "ReplayAccess" });
export type ReplayAccess = z.infer<typeof ReplayAccessSchema>;
