import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StartStreamingInput, StreamKey } from "../../../../server/channels/schemas.ts";
import { api } from "../../../lib/api.ts";
import { streamKeys } from "./get-stream.ts";

/** The OBS settings the go-live answer gives. */
export type StreamCredentials = StreamKey;

/** POST /api/stream/startstreaming: sets the live's details and answers the OBS settings. A 401 logs out in `api()`. */
export function useStartStreaming() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartStreamingInput) => api<StreamKey>("/stream/startstreaming", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: streamKeys.all }),
  });
}
