import i18next from "i18next";
import type { z } from "zod";
import { clearSession, sessionStore } from "../data/session.ts";

interface FieldMessage {
  field: string;
  code: string;
  msg: string;
}

/** A failed call: the status, the server's stable code and message, and per-field messages when the input was wrong. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldMessage[] = [],
    /** The rest of the error body, for screens that show more than the message (a ticket's holder). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

interface ApiOptions extends Omit<RequestInit, "body"> {
  body?: unknown;
  /** A 401 on a protected call ends the session (spec 01 §6); the login call itself turns this off. */
  logoutOn401?: boolean;
  /** Gives up after this long with the code "timeout", told apart from a server that does not answer. */
  timeoutMs?: number;
}

/**
 * A multipart form's text fields, named as the route's schema names them (`FormFields<typeof CreateTournamentSchema>`):
 * a name the server does not read fails to compile. A JSON body is typed the same way, `z.input<typeof XSchema>`.
 */
export type FormFields<S extends z.ZodType> = Partial<Record<keyof z.input<S>, string>>;

/** Field messages from a refused save, by field: the server's per-field texts (none for another failure). */
export function serverFields(error: unknown): Record<string, string> {
  return error instanceof ApiError ? Object.fromEntries(error.fields.map((f) => [f.field, f.msg])) : {};
}

/** An answer as it came, for the screens that read its status and body themselves (spec 01 §8: login, sign-up). */
export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  statusText: string;
  body: T | undefined;
}

/** The error body of every route (the server's ErrorSchema, server/http/openapi.ts), as far as the web app reads it. */
type ErrorBody = { code?: string; msg?: string; errors?: FieldMessage[] };

/**
 * Every call of the web app goes through here: same-origin cookies, the user's language, one error type.
 * `T` names the route's answer as its schema infers it (`api<EventList>`, `EventList = z.infer<typeof EventListResponseSchema>`):
 * the JSON is not parsed again here, the server's tests hold every answer to its declared schema (server/http/response-check.ts).
 */
export async function api<T>(path: string, { logoutOn401 = true, ...options }: ApiOptions = {}): Promise<T> {
  const answer = await send<T, ErrorBody | undefined>(path, options);
  if (!answer.ok) {
    if (answer.status === 401 && logoutOn401 && sessionStore.get().isLoggedIn) clearSession();
    const data = answer.body;
    throw new ApiError(answer.status, data?.code ?? "internal", data?.msg ?? i18next.t("errors:internal"), data?.errors ?? [], data ?? {});
  }
  return answer.body;
}

/** The whole answer whatever its status, or null when none came (the auth forms word each case themselves). */
export async function apiAnswer<T>(path: string, options: Omit<ApiOptions, "logoutOn401"> = {}): Promise<ApiAnswer<T> | null> {
  const answer = await send<T | undefined, T | undefined>(path, options).catch(() => null);
  return answer && { ...answer, body: answer.body && typeof answer.body === "object" ? answer.body : undefined };
}

type Sent<Ok, Failed> = { ok: true; status: number; statusText: string; body: Ok } | { ok: false; status: number; statusText: string; body: Failed };

/** The answer's JSON (undefined when it has none) typed by its status: `Response.json()` gives `any`, read here only. */
async function send<Ok, Failed>(path: string, { body, headers, timeoutMs, signal, ...init }: Omit<ApiOptions, "logoutOn401">): Promise<Sent<Ok, Failed>> {
  const isForm = body instanceof FormData;
  const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      credentials: "same-origin",
      ...init,
      signal: timeout && signal ? anySignal(signal, timeout) : (timeout ?? signal),
      headers: { "accept-language": i18next.language || "fr", ...(body !== undefined && !isForm ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (timeout?.aborted) throw new ApiError(0, "timeout", i18next.t("errors:network_error"));
    if (signal?.aborted) throw error;
    throw new ApiError(0, "network_error", i18next.t("errors:network_error"));
  }
  const data = await response.json().catch(() => undefined);
  const { status, statusText } = response;
  return response.ok ? { ok: true, status, statusText, body: data } : { ok: false, status, statusText, body: data };
}

/** AbortSignal.any, or its few lines where the browser predates it (Safari before 17.4). */
function anySignal(...signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === "function") return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}
