import { queryOptions, useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import type { StreamResponse } from "../../../../server/channels/schemas.ts";
import { ApiError } from "../../../lib/api.ts";
import { clearSession, sessionStore } from "../../../lib/session.ts";

/** A stream as the page reads it; `paypalme` may be missing from older answers (spec 01 §3 lists it as optional). */
export type Stream = Omit<StreamResponse, "paypalme"> & { paypalme?: string | null };

/** Spec 01 §9: the stream call gives up after 10 s; the page reads it again every 30 s to notice live and offline. */
export const STREAM_TIMEOUT_MS = 10_000;
export const STREAM_REFRESH_MS = 30_000;

/** A failed stream load; a 404 for a user without a channel names the user so the page can go to the profile. */
export class StreamLoadError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly profileUsername?: string,
  ) {
    super(status, code, message);
  }
}

export const streamKeys = {
  all: ["streams"] as const,
  one: (username: string) => ["streams", username.toLowerCase()] as const,
  viewers: (channelArn: string) => ["streams", "viewers", channelArn] as const,
  games: () => ["streams", "games"] as const,
};

/**
 * GET /api/stream/stream/{username}. Not through `api()`: the page needs the 404 answer's `username`
 * (spec 01 §7) and must tell a timeout from a server that does not answer (spec 01 §8).
 */
export async function getStream(username: string, signal?: AbortSignal): Promise<Stream> {
  const timeout = AbortSignal.timeout(STREAM_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`/api/stream/stream/${encodeURIComponent(username)}`, {
      credentials: "same-origin",
      headers: { "accept-language": i18next.language || "fr" },
      signal: signal ? anySignal(signal, timeout) : timeout,
    });
  } catch (error) {
    if (timeout.aborted) throw new StreamLoadError(0, "timeout", "timeout");
    if (signal?.aborted) throw error;
    throw new StreamLoadError(0, "network_error", "network");
  }
  const body = (await response.json().catch(() => undefined)) as (Stream & { code?: string; msg?: string; username?: unknown }) | undefined;
  if (!response.ok) {
    if (response.status === 401 && sessionStore.get().isLoggedIn) clearSession();
    throw new StreamLoadError(response.status, body?.code ?? "internal", body?.msg ?? "", typeof body?.username === "string" ? body.username : undefined);
  }
  return body!;
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

export function streamQueryOptions(username: string) {
  return queryOptions({
    queryKey: streamKeys.one(username),
    queryFn: ({ signal }) => getStream(username, signal),
    refetchInterval: STREAM_REFRESH_MS,
    staleTime: 0,
  });
}

export const useStream = (username: string) => useQuery(streamQueryOptions(username));

/** The sentence of spec 01 §8 for a failed stream load. */
export function streamErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return "load_error";
  if (error.code === "timeout") return "load_timeout";
  if (error.status === 0) return "load_unreachable";
  if (error.status === 401) return "load_session_expired";
  if (error.status >= 500) return "load_server_error";
  return "load_error";
}
