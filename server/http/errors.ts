import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { isStorageFull } from "../../db/errors.ts";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorCode, type Language, translate } from "../i18n/messages.ts";

export interface FieldError {
  field: string;
  code: ErrorCode;
}

/** A failure a user can be told about. `code` is an i18n key of the errors namespace. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly options: { params?: Record<string, string | number>; fields?: FieldError[]; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(code);
  }
}

export class BadRequestError extends AppError {
  constructor(code: ErrorCode = "invalid_input", options?: AppError["options"]) {
    super(400, code, options);
  }
}

/** One or more fields are wrong: the screens show each message under its field. */
export class InvalidError extends AppError {
  constructor(fields: FieldError[], status: ContentfulStatusCode = 400) {
    super(status, fields[0]?.code ?? "invalid_input", { fields });
  }
}

export class UnauthorizedError extends AppError {
  constructor(code: ErrorCode = "unauthorized") {
    super(401, code);
  }
}

export class ForbiddenError extends AppError {
  constructor(code: ErrorCode = "forbidden") {
    super(403, code);
  }
}

export class NotFoundError extends AppError {
  /** `extra` adds fields a screen reads from the answer (the stream page reads `username`). */
  constructor(code: ErrorCode = "not_found", extra?: Record<string, unknown>) {
    super(404, code, { extra });
  }
}

export class ConflictError extends AppError {
  constructor(fields: FieldError[]) {
    super(409, fields[0]?.code ?? "invalid_input", { fields });
  }
}

export class TooManyRequestsError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(429, "too_many_requests", {
      params: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
      headers: { "Retry-After": String(retryAfterSeconds) },
    });
  }
}

const httpExceptionCodes: Record<number, ErrorCode> = { 401: "unauthorized", 403: "forbidden", 404: "not_found", 413: "payload_too_large" };

interface ErrorBody {
  success: false;
  code: string;
  msg: string;
  /** The same text under the name spec 02's screens read. */
  errorMessage: string;
  errors?: { field: string; msg: string; code: string }[];
}

function errorBody(error: AppError, lang: Language): ErrorBody {
  const msg = translate(lang, error.code, error.options.params);
  const body: ErrorBody = { ...error.options.extra, success: false, code: error.code, msg, errorMessage: msg };
  if (error.options.fields?.length) {
    body.errors = error.options.fields.map((f) => ({ field: f.field, code: f.code, msg: translate(lang, f.code, f.code === error.code ? error.options.params : undefined) }));
  }
  return body;
}

/** The only place where an error becomes a response. Unknown errors are logged with an id and never leak. */
export function handleError(error: Error, c: Context): Response {
  const lang = c.get("lang") ?? "fr";
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.options.headers ?? {})) c.header(name, value);
    return c.json(errorBody(error, lang), error.status);
  }
  if (error instanceof HTTPException) {
    // Raised by Hono itself (a body that is not JSON, a body over a limit): same shape as ours.
    const code = httpExceptionCodes[error.status] ?? "invalid_input";
    return c.json(errorBody(new AppError(error.status as ContentfulStatusCode, code), lang), error.status as ContentfulStatusCode);
  }
  const requestId = crypto.randomUUID();
  console.error(`[${requestId}] ${c.req.method} ${c.req.path}`, error);
  // Nothing was written (the transaction rolled back): the user is told why, and may try again once room is made.
  if (isStorageFull(error)) return c.json({ ...errorBody(new AppError(507, "storage_full"), lang), requestId }, 507);
  return c.json({ ...errorBody(new AppError(500, "internal"), lang), requestId }, 500);
}
