import { useQuery } from "@tanstack/react-query";
import type { StreamHealth } from "../../../../server/health/schemas.ts";
import { api } from "../../../lib/api.ts";

/** The server measures every 2 s: asking every 3 s keeps the panel within a sample of the live, for one small request. */
const HEALTH_POLL_MS = 3000;

/** The last measured health of a channel's publish (its owner's and the admins' only); null before its first live. */
export const useStreamHealth = (username: string) =>
  useQuery({
    queryKey: ["stream-health", username.toLowerCase()],
    queryFn: async ({ signal }) => (await api<{ health: StreamHealth | null }>(`/stream/health/${encodeURIComponent(username)}`, { signal })).health,
    refetchInterval: HEALTH_POLL_MS,
  });
