import { z } from "zod";

// A number as text: what forms, query strings and path parameters carry. Nothing else is read as one.
const NUMBER_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

/**
 * A number from JSON, or from the text of a form field, query string or path. Unlike
 * `z.coerce.number()`, which runs `Number()` on anything, `true`, `[1]`, `null` and `""` stay what
 * they are and fail the inner schema with its own message, instead of passing as 1 or 0.
 */
export function numeric<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" && NUMBER_TEXT.test(value) ? Number(value) : value), schema);
}
