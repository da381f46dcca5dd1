import { ApiError } from "../../../lib/api.ts";

/** Field messages from a refused save: the server's per-field texts. */
export function serverFields(error: unknown): Record<string, string> {
  return error instanceof ApiError ? Object.fromEntries(error.fields.map((f) => [f.field, f.msg])) : {};
}
