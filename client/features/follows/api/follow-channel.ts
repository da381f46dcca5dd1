import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { FollowAnswer, FollowInputSchema } from "../../../../server/follows/schemas.ts";
import { api } from "../../../lib/api.ts";
import type { MutationConfig } from "../../../lib/query.ts";

/**
 * Follow (true) or unfollow (false) a channel, by its public id or its owner's id. Every list and
 * count that shows follows is read again: the lives, the profiles and the search results.
 */
export function useFollow(channelId: string | number, config: MutationConfig<FollowAnswer, boolean> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (follow: boolean) => api<FollowAnswer>(`/stream/${follow ? "follow" : "unfollow"}`, { method: "POST", body: { channelId } satisfies z.input<typeof FollowInputSchema> }),
    onSuccess: (...args) => {
      config.onSuccess?.(...args);
      for (const root of ["streams", "profile", "search"]) void queryClient.invalidateQueries({ queryKey: [root] });
    },
  });
}
