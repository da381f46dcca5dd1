import { z } from "zod";
import { LANGUAGES } from "../../shared/languages.ts";

const Text = z.string({ error: "empty_field" }).min(1, "empty_field").max(5000, "text_too_long");
/** One text, or a batch of up to 10 (the web app's loader sends its keys 10 at a time, spec 01 §9). */
export const TranslateSchema = z.object({
  text: z.union([Text, z.array(Text).min(1, "empty_field").max(10, "invalid_input")], { error: "empty_field" }),
  source_lang: z.enum(LANGUAGES, { error: "invalid_input" }).optional().default("fr"),
  target_lang: z.enum(LANGUAGES, { error: "invalid_input" }),
});

const TranslationSourceSchema = z.enum(["dictionary", "service", "none"]);

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
