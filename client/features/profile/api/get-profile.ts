import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AvatarResponse, BannerResponse } from "../../../../server/auth/schemas.ts";
import type { Profile } from "../../../../server/channels/settings-schemas.ts";
import type { FollowerPage } from "../../../../server/follows/schemas.ts";
import { api } from "../../../lib/api.ts";
import type { MutationConfig } from "../../../lib/query.ts";

export type { Profile } from "../../../../server/channels/settings-schemas.ts";
export type { Follower } from "../../../../server/follows/schemas.ts";
type ImageAnswer = AvatarResponse | BannerResponse;

const profileKeys = { all: ["profile"] as const, one: (username: string) => ["profile", "byName", username.toLowerCase()] as const, followers: ["profile", "followers"] as const };

export const getProfile = (username: string, signal?: AbortSignal) => api<Profile>(`/stream/profile/${encodeURIComponent(username)}`, { signal });

export const profileQueryOptions = (username: string) => queryOptions({ queryKey: profileKeys.one(username), queryFn: ({ signal }) => getProfile(username, signal) });

export const useProfile = (username: string) => useQuery(profileQueryOptions(username));

/** The owner's followers, 20 at a time (GET /api/stream/myfollowers). */
export function followersQueryOptions() {
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
