import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SrtState } from "../../../../server/srt/schemas.ts";
import { api } from "../../../lib/api.ts";
import { settingsKeys } from "./settings-keys.ts";

/** Whether the server offers SRT, whether the owner's channel has it on, and its `srt://` address. */
const srtQueryOptions = () => queryOptions({ queryKey: settingsKeys.srt, queryFn: ({ signal }) => api<SrtState>("/stream/mysrt", { signal }) });

export const useSrt = () => useQuery(srtQueryOptions());

/** Turns SRT on (the server gives the channel a UDP port) or off (the port freed, the address dead). */
export function useSetSrt(options: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (enabled: boolean) => api<SrtState>("/stream/mysrt", { method: "PUT", body: { enabled } }),
    onSuccess: (state) => queryClient.setQueryData(srtQueryOptions().queryKey, state),
  });
}
