import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { RestreamConfig, RestreamConfigInputSchema } from "../../../../server/restream/schemas.ts";
import { api } from "../../../lib/api.ts";
import { restreamConfigQueryOptions } from "./get-restream-config.ts";

type RestreamConfigInput = z.input<typeof RestreamConfigInputSchema>;

function updateRestreamConfig(input: RestreamConfigInput): Promise<RestreamConfig> {
  return api<RestreamConfig>("/stream/restream/config", { method: "PUT", body: input });
}

export function useUpdateRestreamConfig(options: Pick<UseMutationOptions<RestreamConfig, Error, RestreamConfigInput>, "onSuccess" | "onError"> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateRestreamConfig,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: restreamConfigQueryOptions().queryKey });
      return options.onSuccess?.(...args);
    },
  });
}
