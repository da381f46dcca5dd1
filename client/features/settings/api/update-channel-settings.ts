import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ChannelSettingsInputSchema, ChannelSettingsSaved } from "../../../../server/channels/settings-schemas.ts";
import { api } from "../../../lib/api.ts";
import { channelSettingsQueryOptions } from "./get-channel-settings.ts";

/** Only the fields the user changed; "" clears one. */
type ChannelSettingsChanges = z.input<typeof ChannelSettingsInputSchema>;

function updateChannelSettings(changes: ChannelSettingsChanges): Promise<ChannelSettingsSaved> {
  return api<ChannelSettingsSaved>("/stream/channel-settings", { method: "PUT", body: changes });
}

export function useUpdateChannelSettings(options: Pick<UseMutationOptions<ChannelSettingsSaved, Error, ChannelSettingsChanges>, "onSuccess" | "onError"> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateChannelSettings,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: channelSettingsQueryOptions().queryKey });
      // The public profile page shows the same biography and links; "profile" is that feature's key.
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
      return options.onSuccess?.(...args);
    },
  });
}
