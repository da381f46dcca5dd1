import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Assigned, AssignmentList, AssignmentRemoved, AssignSchema, StreamerList } from "../../../../server/assignments/schemas.ts";
import type { EventDone, EventParticipantList, EventRegistered, EventSaved, EventStatusSchema, ParticipantStatusSchema } from "../../../../server/events/schemas.ts";
import { api } from "../../../lib/api.ts";
import type { MutationConfig } from "../../../lib/query.ts";
import { walletKeys } from "../../../data/wallet-balance.ts";
import { eventKeys } from "./event-keys.ts";
import type { EventStatus } from "./get-events.ts";
import type { EventDetail } from "./get-event.ts";

export type ParticipantStatus = z.infer<typeof ParticipantStatusSchema>["status"];

export type { EventParticipant as Participant } from "../../../../server/events/schemas.ts";
export type { Assignment } from "../../../../server/assignments/schemas.ts";

/** An event's registrants, as its organiser sees them. */
const participantsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: eventKeys.participants(eventId), queryFn: async ({ signal }) => (await api<EventParticipantList>(`/event-participants/${eventId}`, { signal })).participants });
export const useParticipants = (eventId: number) => useQuery(participantsQueryOptions(eventId));

const assignmentsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: eventKeys.assignments(eventId), queryFn: async ({ signal }) => (await api<AssignmentList>(`/assignments/event/${eventId}`, { signal })).assignments });
export const useAssignments = (eventId: number) => useQuery(assignmentsQueryOptions(eventId));

/** The members an organiser may assign to stream an event. */
const streamersQueryOptions = () => queryOptions({ queryKey: eventKeys.streamers, queryFn: async ({ signal }) => (await api<StreamerList>("/users/streamers", { signal })).streamers });
export const useStreamers = () => useQuery(streamersQueryOptions());

/** Every change below refreshes the events' caches; the hooks add the screen's own reaction through `config`. */
export function useEventsChange<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  config: MutationConfig<TData, TVariables>,
  after?: (data: TData, variables: TVariables) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: (...args) => {
      after?.(args[0], args[1]);
      config.onSuccess?.(...args);
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}

export type StatusAction = "publish" | "start" | "end" | "cancel";
const TARGET: Record<StatusAction, EventStatus> = { publish: "published", start: "active", end: "completed", cancel: "cancelled" };

/** Publish, Start, End or Cancel; cancelling refunds the tickets from the organiser's wallet, so balances are read again. */
export function useChangeEventStatus(event: EventDetail, config: MutationConfig<EventSaved, StatusAction> = {}) {
  const queryClient = useQueryClient();
  return useEventsChange(
    (action: StatusAction) => api<EventSaved>(`/events/${event.id}`, { method: "PATCH", body: { status: TARGET[action] } satisfies z.input<typeof EventStatusSchema> }),
    config,
    (answer) => {
      queryClient.setQueryData(eventKeys.one(event.slug), answer.event);
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  );
}

export function usePublishEvent(slug: string, config: MutationConfig<EventSaved> = {}) {
  return useEventsChange(() => api<EventSaved>(`/events/${slug}/publish`, { method: "PUT" }), config);
}

export function useDeleteEvent(slug: string, config: MutationConfig<EventDone> = {}) {
  return useEventsChange(() => api<EventDone>(`/events/${slug}`, { method: "DELETE" }), config);
}

/** Approve or reject a registrant. */
export function useDecideParticipant(eventId: number, config: MutationConfig<EventDone, { id: number; status: ParticipantStatus }> = {}) {
  return useEventsChange(
    ({ id, status }: { id: number; status: ParticipantStatus }) =>
      api<EventDone>(`/event-participants/${eventId}/${id}`, { method: "PATCH", body: { status } satisfies z.input<typeof ParticipantStatusSchema> }),
    config,
  );
}

/** Register (true) or unregister (false) the caller. */
export function useRegistration(eventId: number, config: MutationConfig<EventDone, boolean> = {}) {
  return useEventsChange(
    (join: boolean) => (join ? api<EventRegistered>(`/event-participants/${eventId}`, { method: "POST" }) : api<EventDone>(`/event-participants/${eventId}`, { method: "DELETE" })),
    config,
  );
}

function useAssignmentsChange<TVariables>(eventId: number, mutationFn: (variables: TVariables) => Promise<unknown>, config: MutationConfig<unknown, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: (...args) => {
      config.onSuccess?.(...args);
      void queryClient.invalidateQueries({ queryKey: eventKeys.assignments(eventId) });
    },
  });
}

/** Whom to assign, in which role, with the organiser's notes. */
export type AssignmentInput = Omit<z.input<typeof AssignSchema>, "eventId">;

export function useAssignStreamer(eventId: number, config: MutationConfig<unknown, AssignmentInput> = {}) {
  return useAssignmentsChange(eventId, (body: AssignmentInput) => api<Assigned>("/assignments", { method: "POST", body: { eventId, ...body } satisfies z.input<typeof AssignSchema> }), config);
}

export function useRemoveAssignment(eventId: number, config: MutationConfig<unknown, number> = {}) {
  return useAssignmentsChange(eventId, (id: number) => api<AssignmentRemoved>(`/assignments/${id}`, { method: "DELETE" }), config);
}
