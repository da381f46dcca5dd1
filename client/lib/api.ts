import i18next from "i18next";
import { clearSession, sessionStore } from "./session.ts";

export interface FieldMessage {
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

export interface ApiOptions extends Omit<RequestInit, "body"> {
  body?: unknown;
  /** A 401 on a protected call ends the session (spec 01 §6); the login call itself turns this off. */
  logoutOn401?: boolean;
  /** Gives up after this long with the code "timeout", told apart from a server that does not answer. */
  timeoutMs?: number;
}

/** An answer as it came, for the screens that read its status and body themselves (spec 01 §8: login, sign-up). */
export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  statusText: string;
  body: T | undefined;
}

/** Every call of the web app goes through here: same-origin cookies, the user's language, one error type. */
export async function api<T>(path: string, { logoutOn401 = true, ...options }: ApiOptions = {}): Promise<T> {
  const answer = await send<T & { code?: string; msg?: string; errors?: FieldMessage[] }>(path, options);
  if (!answer.ok) {
    if (answer.status === 401 && logoutOn401 && sessionStore.get().isLoggedIn) clearSession();
    const data = answer.body;
    throw new ApiError(answer.status, data?.code ?? "internal", data?.msg ?? i18next.t("errors:internal"), data?.errors ?? [], data ?? {});
  }
  return answer.body as T;
}

/** The whole answer whatever its status, or null when none came (the auth forms word each case themselves). */
export async function apiAnswer<T>(path: string, options: Omit<ApiOptions, "logoutOn401"> = {}): Promise<ApiAnswer<T> | null> {
  const answer = await send<unknown>(path, options).catch(() => null);
  return answer && { ...answer, body: answer.body && typeof answer.body === "object" ? (answer.body as T) : undefined };
}

async function send<T>(path: string, { body, headers, timeoutMs, signal, ...init }: Omit<ApiOptions, "logoutOn401">): Promise<ApiAnswer<T>> {
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
  const data = (await response.json().catch(() => undefined)) as T | undefined;
  return { ok: response.ok, status: response.status, statusText: response.statusText, body: data };
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
