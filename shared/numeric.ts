import { z } from "zod";

// A number as text: what forms, query strings and path parameters carry. Nothing else is read as one, not even
// with spaces around it (" 1 "): no form of the app sends them, and a number that is not exactly one is refused
// like `true` and `[1]` (issue 34, item 19).
const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * A number from JSON, or from the text of a form field, query string or path. Unlike
 * `z.coerce.number()`, which runs `Number()` on anything, `true`, `[1]`, `null`, `" 1 "` and `""` stay what
 * they are and fail the inner schema with its own message, instead of passing as 1 or 0.
 */
export function numeric<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" && NUMBER_TEXT.test(value) ? Number(value) : value), schema);
}
