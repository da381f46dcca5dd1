import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ManagedTicketTypeSaved, ManagedTicketTypes, TicketTypeCreateSchema, TicketTypeDeleted, TicketTypeOrderSchema, TicketTypeUpdateSchema } from "../../../../server/tickets/schemas.ts";
import { api } from "../../../lib/api.ts";
import type { MutationConfig } from "../../../lib/query.ts";
import { ticketKeys } from "./event-keys.ts";
import { useEventsChange } from "./manage-event.ts";

export type { ManagedTicketType } from "../../../../server/tickets/schemas.ts";

/** An event's own ticket types as its organiser manages them (hidden ones included), and the seats they share. */
const managedTicketTypesQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: ticketKeys.managedTypes(eventId), queryFn: ({ signal }) => api<ManagedTicketTypes>(`/tickets/event/${eventId}/types`, { signal }) });
export const useManagedTicketTypes = (eventId: number, enabled = true) => useQuery({ ...managedTicketTypesQueryOptions(eventId), enabled });

/** Every change reads again what buyers see of the event (its cards' prices, through the events' caches, and its list of types) and the organiser's list. */
function useTypesChange<TData, TVariables>(eventId: number, mutationFn: (variables: TVariables) => Promise<TData>, config: MutationConfig<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useEventsChange(mutationFn, config, () => {
    void queryClient.invalidateQueries({ queryKey: ticketKeys.managedTypes(eventId) });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.types(eventId) });
  });
}

/** The form's fields as the server reads them (text for numbers and dates, as forms send them): a creation's, or an edit's. */
export type TicketTypeBody = z.input<typeof TicketTypeCreateSchema> & z.input<typeof TicketTypeUpdateSchema>;

export function useSaveTicketType(eventId: number, config: MutationConfig<ManagedTicketTypeSaved, { id: number | null; body: TicketTypeBody }> = {}) {
  return useTypesChange(
    eventId,
    ({ id, body }: { id: number | null; body: TicketTypeBody }) =>
      id === null
        ? api<ManagedTicketTypeSaved>(`/tickets/event/${eventId}/types`, { method: "POST", body })
        : api<ManagedTicketTypeSaved>(`/tickets/event/${eventId}/types/${id}`, { method: "PUT", body }),
    config,
  );
}

/** Hide, show, close or open a type: one field changed. */
export function useToggleTicketType(eventId: number, config: MutationConfig<ManagedTicketTypeSaved, { id: number; change: Pick<z.input<typeof TicketTypeUpdateSchema>, "hidden" | "closed"> }> = {}) {
  return useTypesChange(
    eventId,
    ({ id, change }: { id: number; change: Pick<z.input<typeof TicketTypeUpdateSchema>, "hidden" | "closed"> }) =>
      api<ManagedTicketTypeSaved>(`/tickets/event/${eventId}/types/${id}`, { method: "PUT", body: change }),
    config,
  );
}

export function useDeleteTicketType(eventId: number, config: MutationConfig<TicketTypeDeleted, number> = {}) {
  return useTypesChange(eventId, (id: number) => api<TicketTypeDeleted>(`/tickets/event/${eventId}/types/${id}`, { method: "DELETE" }), config);
}

/** The order buyers see: every type's id, once. */
export function useReorderTicketTypes(eventId: number, config: MutationConfig<ManagedTicketTypes, number[]> = {}) {
  return useTypesChange(
    eventId,
    (order: number[]) => api<ManagedTicketTypes>(`/tickets/event/${eventId}/type-order`, { method: "PUT", body: { order } satisfies z.input<typeof TicketTypeOrderSchema> }),
    config,
  );
}
