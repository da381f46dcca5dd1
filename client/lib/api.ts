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
}

/** Every call of the web app goes through here: same-origin cookies, the user's language, one error type. */
export async function api<T>(path: string, { body, logoutOn401 = true, headers, ...init }: ApiOptions = {}): Promise<T> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      credentials: "same-origin",
      ...init,
      headers: { "accept-language": i18next.language || "fr", ...(body !== undefined && !isForm ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "network_error", i18next.t("errors:network_error"));
  }
  const data = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && logoutOn401 && sessionStore.get().isLoggedIn) clearSession();
    throw new ApiError(response.status, data?.code ?? "internal", data?.msg ?? i18next.t("errors:internal"), data?.errors ?? [], data ?? {});
  }
  return data as T;
}
