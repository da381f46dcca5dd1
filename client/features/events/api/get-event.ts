import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { EventDetail as EventAnswer } from "../../../../server/events/schemas.ts";
import { eventKeys } from "./event-keys.ts";

/** One event's page; `registrationRefusal` / `purchaseRefusal` say why the viewer may not register / buy now (an `errors:` code). */
export type EventDetail = EventAnswer["event"];

const getEvent = async (slug: string, signal?: AbortSignal) => (await api<EventAnswer>(`/events/${encodeURIComponent(slug)}`, { signal })).event;

export const eventQueryOptions = (slug: string) => queryOptions({ queryKey: eventKeys.one(slug), queryFn: ({ signal }) => getEvent(slug, signal), retry: false });

export const useEvent = (slug: string) => useQuery(eventQueryOptions(slug));
