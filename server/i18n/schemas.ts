import { z } from "zod";

export const TranslationSourceSchema = z.enum(["dictionary", "service", "none"]);

export const TranslateResponseSchema = z
  .object({
    success: z.boolean().describe("false when nothing could translate the text (or any text of a batch)"),
    translation: z.union([z.string(), z.array(z.string())]).describe("The translation; the original text where none was found; an array for a batch"),
    source: TranslationSourceSchema.describe("Who answered: the web app's dictionaries, the LibreTranslate service, or no one"),
    sources: z.array(TranslationSourceSchema).optional().describe("For a batch: who answered each text"),
    error: z.string().optional().describe("Present when success is false, in the caller's language"),
  })
  .describe("POST /api/translate answer");
export type TranslateResponse = z.infer<typeof TranslateResponseSchema>;
