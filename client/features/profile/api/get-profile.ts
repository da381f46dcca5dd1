import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Profile } from "../../../../server/channels/settings-schemas.ts";
import { api } from "../../../lib/api.ts";

export type { Profile } from "../../../../server/channels/settings-schemas.ts";
export type { Follower } from "../../../../server/follows/schemas.ts";

export const profileKeys = { all: ["profile"] as const, one: (username: string) => ["profile", "byName", username.toLowerCase()] as const, followers: ["profile", "followers"] as const };

const getProfile = (username: string, signal?: AbortSignal) => api<Profile>(`/stream/profile/${encodeURIComponent(username)}`, { signal });

export const profileQueryOptions = (username: string) => queryOptions({ queryKey: profileKeys.one(username), queryFn: ({ signal }) => getProfile(username, signal) });

export const useProfile = (username: string) => useQuery(profileQueryOptions(username));
