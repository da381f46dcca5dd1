import type { Hook } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import { isErrorCode } from "../i18n/messages.ts";
import type { AppEnv } from "./context.ts";
import { type FieldError, InvalidError, NotFoundError } from "./errors.ts";

/** Turns zod issues into one error per field, keeping the first (the schemas list their rules in the spec's order). */
function fieldErrors(error: z.ZodError): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    if (!byField.has(field)) byField.set(field, { field, code: isErrorCode(issue.message) ? issue.message : "invalid_input" });
  }
  return [...byField.values()];
}

/** Every validator of every router reports failures the same way: 400 with per-field errors in the user's language. */
// biome-ignore lint: the hook type is generic over every route.
export const validationHook: Hook<any, AppEnv, any, any> = (result) => {
  if (!result.success) throw new InvalidError(fieldErrors(result.error as z.ZodError));
};

/**
 * No text of Arena's has a use for the NUL character, and PostgreSQL's text cannot hold one: a query,
 * path, JSON body or form field carrying one is refused before any validator, the same way on either database.
 * (The files of a multipart body are binary and left to their own checks.)
 */
export const refuseNulCharacters: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (/%00|\0/.test(c.req.url)) throw new InvalidError([{ field: "query", code: "invalid_input" }]);
  const type = c.req.header("content-type") ?? "";
  if (/json|x-www-form-urlencoded|text\//.test(type)) {
    const body = await c.req.text();
    if (body.includes("\\u0000") || body.includes("\0") || /%00/.test(body)) throw new InvalidError([{ field: "body", code: "invalid_input" }]);
  }
  // A form with files: its text fields are checked, its files left to their own checks (a copy is read, so the route reads the body as sent).
  if (type.startsWith("multipart/form-data")) {
    const form = await c.req.raw
      .clone()
      .formData()
      .catch(() => undefined);
    for (const [field, value] of form?.entries() ?? []) if (typeof value === "string" && value.includes("\0")) throw new InvalidError([{ field, code: "invalid_input" }]);
  }
  await next();
};

/**
 * A path that cannot name anything is not found, before any file is looked for: one that is not valid UTF-8 once
 * decoded (an overlong `%c0%ae` for ".", which old servers took for a dot) or holds a NUL, which Bun's file calls
 * refuse with an exception (a 500 and a stack trace in the log).
 */
export const refuseUnreadablePaths: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = new URL(c.req.url).pathname;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new NotFoundError();
  }
  if (decoded.includes("\0")) throw new NotFoundError();
  await next();
};
