import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { StartStreamingSchema, StreamKey } from "../../../../server/channels/schemas.ts";
import { api } from "../../../lib/api.ts";
import { streamKeys } from "./get-stream.ts";

/** The OBS settings the go-live answer gives. */
export type StreamCredentials = StreamKey;

/** POST /api/stream/startstreaming: sets the live's details and answers the OBS settings. A 401 logs out in `api()`. */
export function useStartStreaming() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof StartStreamingSchema>) => api<StreamKey>("/stream/startstreaming", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: streamKeys.all }),
  });
}
