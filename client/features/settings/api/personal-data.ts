import { queryOptions, type UseMutationOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { AccountDeletedSchema, AccountDeletionSchema, DataExportResponseSchema } from "../../../../server/privacy/schemas.ts";
import { api } from "../../../lib/api.ts";
import { clearSession } from "../../../data/session.ts";
import { settingsKeys } from "./settings-keys.ts";

type DataExportAnswer = z.infer<typeof DataExportResponseSchema>;
export type DataExport = NonNullable<DataExportAnswer["export"]>;
type AccountDeleted = z.infer<typeof AccountDeletedSchema>;

/** The latest export; asked again every 3 s while it is being prepared. */
function dataExportQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.dataExport,
    queryFn: ({ signal }) => api<DataExportAnswer>("/me/data-export", { signal }),
    refetchInterval: (query) => (query.state.data?.export?.status === "pending" ? 3000 : false),
  });
}

export const useDataExport = () => useQuery(dataExportQueryOptions());

export function useRequestDataExport(options: Pick<UseMutationOptions<DataExportAnswer, Error, void>, "onError"> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => api<DataExportAnswer>("/me/data-export", { method: "POST" }),
    onSuccess: (answer) => queryClient.setQueryData(settingsKeys.dataExport, answer),
  });
}

type DeletionConfirmation = z.input<typeof AccountDeletionSchema>;

/** Deletes the account; the server has already ended the session, so the app forgets it too. */
export function useDeleteAccount(options: Pick<UseMutationOptions<AccountDeleted, Error, DeletionConfirmation>, "onSuccess" | "onError"> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (confirmation: DeletionConfirmation) => api<AccountDeleted>("/me/delete", { method: "POST", body: confirmation }),
    onSuccess: (...args) => {
      clearSession();
      queryClient.clear();
      return options.onSuccess?.(...args);
    },
  });
}
