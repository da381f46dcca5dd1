import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateEventSchema, EventCover, EventCreated, EventSaved, UpdateEventSchema } from "../../../../server/events/schemas.ts";
import { api } from "../../../lib/api.ts";
import type { MutationConfig } from "../../../lib/query.ts";
import { walletKeys } from "../../../data/wallet-balance.ts";
import { eventKeys } from "./event-keys.ts";

/** The form's fields as the server reads them: a creation's (every field), or an edit's (the fields it names). */
type EventBody = z.input<typeof CreateEventSchema> | z.input<typeof UpdateEventSchema>;

/** Creates an event (paying its creation cost from the wallet) or, given its slug, saves its changes. */
export function useSaveEvent(slug: string | undefined, config: MutationConfig<EventSaved, EventBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (body: EventBody) => (slug ? api<EventSaved>(`/events/${slug}`, { method: "PUT", body }) : api<EventCreated>("/events", { method: "POST", body })),
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      config.onSuccess?.(...args);
    },
  });
}

/** Uploads a cover image; the answer names the stored file. */
export function useUploadCover(config: MutationConfig<EventCover, File> = {}) {
  return useMutation({
    ...config,
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("filename", file);
      return api<EventCover>("/events/cover", { method: "POST", body: form });
    },
  });
}
