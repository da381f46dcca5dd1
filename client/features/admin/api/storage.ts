import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { RetentionRunResponse, StoragePolicyInputSchema, StoragePolicyResponse } from "../../../../server/storage/schemas.ts";
import { api } from "../../../lib/api.ts";
import { adminKeys } from "./admin.ts";

export type StorageOverview = StoragePolicyResponse;
/** The policy as the form sends it (the schema's input: the unset limits may be left out). */
export type StoragePolicyForm = z.input<typeof StoragePolicyInputSchema>;
export type RetentionRun = RetentionRunResponse;

const storageKey = [...adminKeys.all, "storage"] as const;

/** The policy, the disk's room for recordings and the replays' size; read again every 30 s (the Machine tab shows the room too). */
export const useStorage = () => useQuery({ queryKey: storageKey, queryFn: ({ signal }) => api<StorageOverview>("/admin/storage", { signal }), refetchInterval: 30_000 });

export function useSaveStoragePolicy(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: StoragePolicyForm) => api<StorageOverview>("/admin/storage", { method: "PUT", body: policy }),
    onSuccess: (answer) => {
      queryClient.setQueryData(storageKey, answer);
      // The audit log has a new entry.
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}

/** "Apply now": the policy's run at once; the figures, the replays' lists and the audit log are read again. */
export function useRunRetention(options: { onSuccess?: (run: RetentionRun) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<RetentionRun>("/admin/storage/run", { method: "POST" }),
    onSuccess: (run) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      options.onSuccess?.(run);
    },
    onError: options.onError,
  });
}
