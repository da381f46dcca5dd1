import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { FediverseActorSchema, FediverseFollowerPageSchema } from "../../../../server/federation/followers-schemas.ts";
import { api, ApiError } from "../../../lib/api.ts";

// The fediverse on the site's screens (issue 38): an actor's handle, its owner's fediverse followers, and the
// accounts a member's channel follows there.
type FediverseActor = z.infer<typeof FediverseActorSchema>;
type FollowerPage = z.infer<typeof FediverseFollowerPageSchema>;

/** An account a member's channel follows on the fediverse (GET /api/fediverse/following), pending until it accepts. */
export interface FollowedAccount {
  id: number;
  handle: string;
  name: string;
  url: string | null;
  state: "pending" | "accepted";
  createdAt: string;
}

const fediverseKeys = {
  all: ["fediverse"] as const,
  actor: (identifier: string) => ["fediverse", "actor", identifier] as const,
  followers: (identifier: string, page: number) => ["fediverse", "followers", identifier, page] as const,
  following: ["fediverse", "following"] as const,
};

/** Federation off answers 404 fediverse_off: a state of the site, not a failure to retry. */
export const isFediverseOff = (error: unknown) => error instanceof ApiError && error.code === "fediverse_off";
const noRetryOn404 = (count: number, error: Error) => !(error instanceof ApiError && error.status === 404) && count < 2;

/** `channel-12`, `tournament-5`, `event-3`, or a channel's username. */
export const actorQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: fediverseKeys.actor(identifier),
    queryFn: ({ signal }) => api<FediverseActor>(`/fediverse/actors/${encodeURIComponent(identifier)}`, { signal }),
    retry: noRetryOn404,
    staleTime: 60_000,
  });

export const useFediverseActor = (identifier: string) => useQuery(actorQueryOptions(identifier));

export const useFediverseFollowers = (identifier: string, page: number) =>
  useQuery({
    queryKey: fediverseKeys.followers(identifier, page),
    queryFn: ({ signal }) => api<FollowerPage>(`/fediverse/actors/${encodeURIComponent(identifier)}/followers?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    retry: noRetryOn404,
  });

export const useFollowedAccounts = () =>
  useQuery({ queryKey: fediverseKeys.following, queryFn: ({ signal }) => api<{ following: FollowedAccount[] }>("/fediverse/following", { signal }), retry: noRetryOn404 });

/** Every change reads the counts and lists again. */
function useFediverseMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: fediverseKeys.all }) });
}

export const useRemoveFollower = () => useFediverseMutation((id: number) => api(`/fediverse/followers/${id}`, { method: "DELETE" }));
export const useFollowAccount = () => useFediverseMutation((handle: string) => api<{ following: FollowedAccount }>("/fediverse/following", { method: "POST", body: { handle } }));
export const useUnfollowAccount = () => useFediverseMutation((id: number) => api(`/fediverse/following/${id}`, { method: "DELETE" }));
