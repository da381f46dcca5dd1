import { z } from "zod";

export const SrtStateSchema = z.object({
  success: z.literal(true),
  /** False when this server has no SRT_PORTS: the option is hidden. */
  available: z.boolean(),
  enabled: z.boolean(),
  /** `srt://HOST:PORT?passphrase=…&pbkeylen=32`: the whole address is a secret, as the stream key is. */
  address: z.string().nullable(),
});
export type SrtState = z.infer<typeof SrtStateSchema>;

export const SrtInputSchema = z.object({ enabled: z.boolean() });
