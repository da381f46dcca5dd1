import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StreamDetail, StreamResponse } from "../../../../server/channels/schemas.ts";
import { ApiError, api } from "../../../lib/api.ts";

/** A stream as the page reads it: a channel's own answer or an item of a list. */
export type Stream = StreamResponse;

/** Spec 01 §9: the stream call gives up after 10 s; the page reads it again every 30 s to notice live and offline. */
export const STREAM_TIMEOUT_MS = 10_000;
const STREAM_REFRESH_MS = 30_000;

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
};

/**
 * GET /api/stream/stream/{username}, given up after 10 s; a 404 for a user without a channel keeps
 * the answer's `username` (spec 01 §7) so the page can go to the profile.
 */
export async function getStream(username: string, signal?: AbortSignal): Promise<Stream> {
  try {
    return await api<StreamDetail>(`/stream/stream/${encodeURIComponent(username)}`, { signal, timeoutMs: STREAM_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const profileUsername = typeof error.details.username === "string" ? error.details.username : undefined;
    throw new StreamLoadError(error.status, error.code, error.message, profileUsername);
  }
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
