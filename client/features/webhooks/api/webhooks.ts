import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { DeliveryPageSchema, WebhookCreateSchema, WebhookListSchema, WebhookResponse, WebhookUpdateSchema, WebhookWithSecretSchema } from "../../../../server/webhooks/schemas.ts";
import type { WebhookScope } from "../../../../shared/webhooks.ts";
import { api } from "../../../lib/api.ts";

type WebhookList = z.infer<typeof WebhookListSchema>;
type DeliveryPage = z.infer<typeof DeliveryPageSchema>;
type WithSecret = z.infer<typeof WebhookWithSecretSchema>;
type WebhookInput = z.input<typeof WebhookCreateSchema>;
type WebhookChanges = z.input<typeof WebhookUpdateSchema>;

/** Whose webhooks a panel shows: a channel's (the caller's own when no id), a tournament's, an event's or the site's. */
export interface WebhookOwner {
  scope: WebhookScope;
  id?: number;
}

const webhookKeys = {
  all: ["webhooks"] as const,
  list: (owner: WebhookOwner) => ["webhooks", owner.scope, owner.id ?? "own"] as const,
  deliveries: (id: number, page: number) => ["webhooks", "deliveries", id, page] as const,
};

function listQuery(owner: WebhookOwner) {
  const search = new URLSearchParams({ scope: owner.scope, ...(owner.id === undefined ? {} : { id: String(owner.id) }) });
  return queryOptions({ queryKey: webhookKeys.list(owner), queryFn: ({ signal }) => api<WebhookList>(`/webhooks?${search}`, { signal }) });
}

export const useWebhooks = (owner: WebhookOwner) => useQuery(listQuery(owner));

/** A webhook's delivery log, newest first; it refreshes while tries are still due. */
export function useDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: ({ signal }) => api<DeliveryPage>(`/webhooks/${id}/deliveries?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.deliveries.some((delivery) => delivery.state === "pending") ? 2000 : false),
  });
}

/** Every webhook call refreshes the lists and logs it may have changed. */
function useWebhookMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const useCreateWebhook = () => useWebhookMutation((input: WebhookInput) => api<WithSecret>("/webhooks", { method: "POST", body: input }));
export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, changes }: { id: number; changes: WebhookChanges }) => api<{ webhook: WebhookResponse }>(`/webhooks/${id}`, { method: "PATCH", body: changes }));
export const useDeleteWebhook = () => useWebhookMutation((id: number) => api(`/webhooks/${id}`, { method: "DELETE" }));
export const useRotateSecret = () => useWebhookMutation((id: number) => api<WithSecret>(`/webhooks/${id}/secret`, { method: "POST" }));
export const useSendTestEvent = () => useWebhookMutation((id: number) => api(`/webhooks/${id}/test`, { method: "POST" }));
export const useResendDelivery = () => useWebhookMutation(({ id, deliveryId }: { id: number; deliveryId: number }) => api(`/webhooks/${id}/deliveries/${deliveryId}/resend`, { method: "POST" }));
