import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StartStreamingInput } from "../../../../server/channels/schemas.ts";
import { api } from "../../../lib/api.ts";
import { streamKeys } from "./get-stream.ts";

export interface StreamCredentials {
  streamKey: string;
  injectionLink: string;
}

/** POST /api/stream/startstreaming: sets the live's details and answers the OBS settings. A 401 logs out in `api()`. */
export function useStartStreaming() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartStreamingInput) => api<StreamCredentials>("/stream/startstreaming", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: streamKeys.all }),
  });
}
