import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ChangeUsernameSchema, FullNameSchema, UserResponse } from "../../../../server/auth/schemas.ts";
import type { ChannelSettingsInputSchema } from "../../../../server/channels/settings-schemas.ts";
import { api } from "../../../lib/api.ts";
import { setSessionUser } from "../../../data/session.ts";
import { channelSettingsQueryOptions } from "./get-channel-settings.ts";

export interface ProfileFields {
  firstName: string;
  lastName: string;
  username: string;
  about: string;
}

interface ProfileUpdate {
  value: ProfileFields;
  changed: (keyof ProfileFields)[];
}

/** Edit profile saves through three calls, each only when one of its fields changed, then reloads the session's user. */
async function updateProfile({ value, changed }: ProfileUpdate): Promise<void> {
  if (changed.includes("firstName") || changed.includes("lastName"))
    await api("/auth/fullname", { method: "PUT", body: { firstName: value.firstName, lastName: value.lastName } satisfies z.input<typeof FullNameSchema> });
  if (changed.includes("username")) await api("/auth/username", { method: "PUT", body: { username: value.username.trim() } satisfies z.input<typeof ChangeUsernameSchema> });
  if (changed.includes("about")) await api("/stream/channel-settings", { method: "PUT", body: { about: value.about } satisfies z.input<typeof ChannelSettingsInputSchema> });
  setSessionUser((await api<UserResponse>("/auth/me")).user);
}

export function useUpdateProfile(options: Pick<UseMutationOptions<void, Error, ProfileUpdate>, "onSuccess" | "onError"> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateProfile,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: channelSettingsQueryOptions().queryKey });
      return options.onSuccess?.(...args);
    },
  });
}
