import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type StreamKey, streamKeyQueryOptions } from "./get-stream-key.ts";
import { settingsKeys } from "./settings-keys.ts";

/** A new key; a publisher still using the old one is cut off. */
function regenerateStreamKey(): Promise<StreamKey> {
  return api<StreamKey>("/stream/mystreamkey/regenerate", { method: "POST" });
}

export function useRegenerateStreamKey(options: Pick<UseMutationOptions<StreamKey, Error, void>, "onSuccess" | "onError"> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: regenerateStreamKey,
    onSuccess: (...args) => {
      queryClient.setQueryData(streamKeyQueryOptions().queryKey, args[0]);
      // The SRT address's passphrase is made from the key.
      void queryClient.invalidateQueries({ queryKey: settingsKeys.srt });
      return options.onSuccess?.(...args);
    },
  });
}
