import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CurrentRaidSchema, RaidAnswerSchema, RaidPolicySchema, RaidSettingsSchema, RaidTargetListSchema } from "../../../../server/raids/schemas.ts";
import { api } from "../../../lib/api.ts";

type RaidTargets = z.infer<typeof RaidTargetListSchema>;
type CurrentRaid = z.infer<typeof CurrentRaidSchema>;
type RaidAnswer = z.infer<typeof RaidAnswerSchema>;
type RaidSettings = z.infer<typeof RaidSettingsSchema>;
export type RaidPolicy = z.infer<typeof RaidPolicySchema>["policy"];

const raidKeys = {
  targets: (search: string) => ["raids", "targets", search] as const,
  current: ["raids", "current"] as const,
  settings: ["raids", "settings"] as const,
};

/** Suggestions without a search; the live channels matching it with one. */
export const useRaidTargets = (search: string, enabled: boolean) =>
  useQuery({
    ...queryOptions({
      queryKey: raidKeys.targets(search),
      queryFn: ({ signal }) => api<RaidTargets>(`/raids/targets${search ? `?q=${encodeURIComponent(search)}` : ""}`, { signal }),
    }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useCurrentRaid = (enabled: boolean) =>
  useQuery({ queryKey: raidKeys.current, queryFn: ({ signal }) => api<CurrentRaid>("/raids/current", { signal }), enabled, select: (data) => data.raid });

export function useStartRaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: string) => api<RaidAnswer>("/raids", { method: "POST", body: { target } }),
    onSuccess: (answer) => queryClient.setQueryData<CurrentRaid>(raidKeys.current, { success: true, raid: answer.raid }),
  });
}

export function useCancelRaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api("/raids/current", { method: "DELETE" }),
    onSettled: () => queryClient.setQueryData<CurrentRaid>(raidKeys.current, { success: true, raid: null }),
  });
}

/** Once a raid landed, the caller has none under way. */
export function useForgetRaid() {
  const queryClient = useQueryClient();
  return () => queryClient.setQueryData<CurrentRaid>(raidKeys.current, { success: true, raid: null });
}

export const useRaidSettings = () => useQuery({ queryKey: raidKeys.settings, queryFn: ({ signal }) => api<RaidSettings>("/raids/settings", { signal }) });

function useSettingsMutation<I>(call: (input: I) => Promise<RaidSettings>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (settings) => queryClient.setQueryData(raidKeys.settings, settings) });
}

export const useSetRaidPolicy = () => useSettingsMutation((policy: RaidPolicy) => api<RaidSettings>("/raids/settings", { method: "PUT", body: { policy } }));
export const useBlockRaider = () => useSettingsMutation((username: string) => api<RaidSettings>("/raids/blocks", { method: "POST", body: { username } }));
export const useUnblockRaider = () => useSettingsMutation((username: string) => api<RaidSettings>(`/raids/blocks/${encodeURIComponent(username)}`, { method: "DELETE" }));
