import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AvatarResponse, BannerResponse } from "../../../../server/auth/schemas.ts";
import type { FollowerPage } from "../../../../server/follows/schemas.ts";
import { api } from "../../../lib/api.ts";
import type { MutationConfig } from "../../../lib/query.ts";
import { profileKeys } from "./get-profile.ts";

// The owner's followers and the picture uploads: apart from get-profile.ts, whose read a route loader starts in the first load.

type ImageAnswer = AvatarResponse | BannerResponse;

/** The owner's followers, 20 at a time (GET /api/stream/myfollowers). */
function followersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: profileKeys.followers,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api<FollowerPage>(`/stream/myfollowers?page=${pageParam}`, { signal }),
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

export const useFollowers = () => useInfiniteQuery(followersQueryOptions());

/** Change Avatar / Change Banner: the profiles are read again with the new picture. */
export function useUploadImage(kind: "avatar" | "banner", config: MutationConfig<ImageAnswer, File> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("filename", file);
      return api<ImageAnswer>(`/auth/${kind}`, { method: "POST", body: form });
    },
    onSuccess: (...args) => {
      config.onSuccess?.(...args);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
