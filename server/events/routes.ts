import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { translate } from "../i18n/messages.ts";
import {
  CreateEventSchema,
  EventCategoryListResponseSchema,
  EventCoverResponseSchema,
  EventCreatedResponseSchema,
  EventDetailResponseSchema,
  EventNightResponseSchema,
  EventDoneResponseSchema,
  EventIdParamSchema,
  EventListQuerySchema,
  EventPageQuerySchema,
  EventListResponseSchema,
  EventParticipantListResponseSchema,
  EventRegisteredResponseSchema,
  EventSavedResponseSchema,
  EventStatusSchema,
  ParticipantStatusSchema,
  SlugParamSchema,
  UpdateEventSchema,
} from "./schemas.ts";
import * as events from "./service.ts";
import { joinedEvents, listEvents, myEvents } from "./queries.ts";
import { eventNight } from "./night.ts";
import { numeric } from "../../shared/numeric.ts";
import { bodyLimit } from "hono/body-limit";
import { formBody } from "../http/openapi.ts";
import { imageKinds, storeImage, tooLarge } from "../http/images.ts";

const tags = ["Events"];
const owner = { security: secured, middleware: [requireUser] };

const r = {
  list: createRoute({
    method: "get",
    path: "/events",
    tags,
    summary: "Public events (not drafts), soonest first: by words (name, description, place) and category, a page at a time",
    request: { query: EventListQuerySchema },
    responses: { 200: jsonResponse(EventListResponseSchema, "Events") },
  }),
  categories: createRoute({
    method: "get",
    path: "/events/categories",
    tags,
    summary: "Event categories with their cost multipliers",
    responses: { 200: jsonResponse(EventCategoryListResponseSchema, "Categories") },
  }),
  mine: createRoute({
    method: "get",
    path: "/events/my-events",
    tags,
    summary: "Events the caller organises (drafts included), latest start first",
    ...owner,
    request: { query: EventPageQuerySchema },
    responses: { 200: jsonResponse(EventListResponseSchema, "Events"), 401: errors[401] },
  }),
  joined: createRoute({
    method: "get",
    path: "/events/joined-events",
    tags,
    summary: "Events the caller registered for, latest start first",
    ...owner,
    request: { query: EventPageQuerySchema },
    responses: { 200: jsonResponse(EventListResponseSchema, "Events"), 401: errors[401] },
  }),
  calendar: createRoute({
    method: "get",
    path: "/events/{slug}/calendar.ics",
    tags,
    summary: "The event as an .ics file (Add to calendar)",
    request: { params: SlugParamSchema },
    responses: { 200: { description: "text/calendar", content: { "text/calendar": { schema: z.string() } } }, 404: errors[404] },
  }),
  cover: createRoute({
    method: "post",
    path: "/events/cover",
    tags,
    summary: "Upload an event cover (image, re-encoded to WebP 1280×720); the form then sends its path as coverImage",
    security: secured,
    middleware: [
      requireUser,
      bodyLimit({
        maxSize: imageKinds.eventCover.maxBytes + 64 * 1024,
        onError: () => {
          throw tooLarge(imageKinds.eventCover);
        },
      }),
    ] as const,
    request: { body: formBody(z.object({ filename: z.any().optional() })) },
    responses: { 200: jsonResponse(EventCoverResponseSchema, "Stored; the path to send as coverImage"), 400: errors[400], 401: errors[401], 413: errors[413] },
  }),
  get: createRoute({
    method: "get",
    path: "/events/{slug}",
    tags,
    summary: "One event with its first participants",
    request: { params: SlugParamSchema },
    responses: { 200: jsonResponse(EventDetailResponseSchema, "Event"), 404: errors[404] },
  }),
  night: createRoute({
    method: "get",
    path: "/events/{slug}/night",
    tags,
    summary: "The night's programme: its tournament's stations and streams, the next matches, the door count (organiser)",
    request: { params: SlugParamSchema },
    responses: { 200: jsonResponse(EventNightResponseSchema, "Night"), 404: errors[404] },
  }),
  create: createRoute({
    method: "post",
    path: "/events",
    tags,
    summary: "Create an event; its cost is computed and debited in the same transaction",
    ...owner,
    request: { body: jsonBody(CreateEventSchema) },
    responses: { 201: jsonResponse(EventCreatedResponseSchema, "Created"), 400: errors[400], 401: errors[401], 402: errors[402] },
  }),
  update: createRoute({
    method: "put",
    path: "/events/{slug}",
    tags,
    summary: "Edit an event (organiser)",
    ...owner,
    request: { params: SlugParamSchema, body: jsonBody(UpdateEventSchema) },
    responses: { 200: jsonResponse(EventSavedResponseSchema, "Saved"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
  status: createRoute({
    method: "patch",
    path: "/events/{eventId}",
    tags,
    summary: "Change the status (cancelling refunds every ticket)",
    ...owner,
    request: { params: EventIdParamSchema, body: jsonBody(EventStatusSchema) },
    responses: { 200: jsonResponse(EventSavedResponseSchema, "Changed"), 401: errors[401], 402: errors[402], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  publish: createRoute({
    method: "put",
    path: "/events/{slug}/publish",
    tags,
    summary: "Publish a draft",
    ...owner,
    request: { params: SlugParamSchema },
    responses: { 200: jsonResponse(EventSavedResponseSchema, "Published"), 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  remove: createRoute({
    method: "delete",
    path: "/events/{slug}",
    tags,
    summary: "Delete: the event is cancelled and every ticket refunded",
    ...owner,
    request: { params: SlugParamSchema },
    responses: { 200: jsonResponse(EventDoneResponseSchema, "Cancelled"), 401: errors[401], 402: errors[402], 403: errors[403], 404: errors[404] },
  }),
  participants: createRoute({
    method: "get",
    path: "/event-participants/{eventId}",
    tags,
    summary: "Registrations (all for the organiser, approved ones for others)",
    request: { params: EventIdParamSchema },
    responses: { 200: jsonResponse(EventParticipantListResponseSchema, "Participants"), 404: errors[404] },
  }),
  register: createRoute({
    method: "post",
    path: "/event-participants/{eventId}",
    tags,
    summary: "Register (published and not full)",
    ...owner,
    request: { params: EventIdParamSchema },
    responses: { 200: jsonResponse(EventRegisteredResponseSchema, "Registered"), 401: errors[401], 404: errors[404], 409: errors[409] },
  }),
  unregister: createRoute({
    method: "delete",
    path: "/event-participants/{eventId}",
    tags,
    summary: "Unregister",
    ...owner,
    request: { params: EventIdParamSchema },
    responses: { 200: jsonResponse(EventDoneResponseSchema, "Unregistered"), 401: errors[401], 404: errors[404] },
  }),
  participantStatus: createRoute({
    method: "patch",
    path: "/event-participants/{eventId}/{participantId}",
    tags,
    summary: "Approve or reject a registration (organiser)",
    ...owner,
    request: { params: EventIdParamSchema.extend({ participantId: numeric(z.number().int().positive()) }), body: jsonBody(ParticipantStatusSchema) },
    responses: { 200: jsonResponse(EventDoneResponseSchema, "Changed"), 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
};

export function eventRoutes(deps: AppDeps) {
  const message = (lang: "fr" | "en", key: string, params?: Record<string, string | number>) => translate(lang, `events:${key}`, params);
  return newRouter()
    .openapi(r.list, async (c) => c.json({ success: true as const, ...(await listEvents(deps, c.get("lang"), c.req.valid("query"), c.get("auth")?.user)) }, 200))
    .openapi(r.categories, async (c) => c.json({ success: true as const, categories: await events.listCategories(deps, c.get("lang")) }, 200))
    .openapi(r.mine, async (c) => c.json({ success: true as const, ...(await myEvents(deps, currentUser(c), c.get("lang"), c.req.valid("query"))) }, 200))
    .openapi(r.joined, async (c) => c.json({ success: true as const, ...(await joinedEvents(deps, currentUser(c), c.get("lang"), c.req.valid("query"))) }, 200))
    .openapi(r.calendar, async (c) => {
      const { slug } = c.req.valid("param");
      return c.body(await events.eventCalendarFile(deps, slug, c.get("auth")?.user), 200, {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": `attachment; filename="${slug}.ics"`,
      });
    })
    .openapi(r.cover, async (c) => c.json({ success: true as const, coverImage: await storeImage(deps, (await c.req.parseBody()).filename, imageKinds.eventCover, currentUser(c).id) }, 200))
    .openapi(r.get, async (c) => c.json({ success: true as const, event: await events.getEvent(deps, c.req.valid("param").slug, c.get("lang"), c.get("auth")?.user) }, 200))
    .openapi(r.night, async (c) => c.json(await eventNight(deps, c.req.valid("param").slug, c.get("auth")?.user), 200))
    .openapi(r.create, async (c) => {
      const user = currentUser(c);
      const { event, cost } = await events.createEvent(deps, user, c.req.valid("json"));
      return c.json({ success: true as const, message: message(c.get("lang"), "created", { n: cost }), event: await events.getEvent(deps, event.slug, c.get("lang"), user), cost }, 201);
    })
    .openapi(r.update, async (c) => {
      const user = currentUser(c);
      const event = await events.updateEvent(deps, user, c.req.valid("param").slug, c.req.valid("json"));
      return c.json({ success: true as const, message: message(c.get("lang"), "saved"), event: await events.getEvent(deps, event.slug, c.get("lang"), user) }, 200);
    })
    .openapi(r.status, async (c) => {
      const user = currentUser(c);
      const event = await events.changeStatus(deps, user, c.req.valid("param").eventId, c.req.valid("json").status);
      return c.json({ success: true as const, message: message(c.get("lang"), "status_changed"), event: await events.getEvent(deps, event.slug, c.get("lang"), user) }, 200);
    })
    .openapi(r.publish, async (c) => {
      const user = currentUser(c);
      const event = await events.publishEvent(deps, user, c.req.valid("param").slug);
      return c.json({ success: true as const, message: message(c.get("lang"), "published"), event: await events.getEvent(deps, event.slug, c.get("lang"), user) }, 200);
    })
    .openapi(r.remove, async (c) => {
      await events.deleteEvent(deps, currentUser(c), c.req.valid("param").slug);
      return c.json({ success: true as const, message: message(c.get("lang"), "cancelled") }, 200);
    })
    .openapi(r.participants, async (c) => c.json({ success: true as const, participants: await events.listParticipants(deps, c.get("auth")?.user, c.req.valid("param").eventId) }, 200))
    .openapi(r.register, async (c) => {
      const status = await events.register(deps, currentUser(c), c.req.valid("param").eventId);
      return c.json({ success: true as const, message: message(c.get("lang"), "registered"), status }, 200);
    })
    .openapi(r.unregister, async (c) => {
      await events.unregister(deps, currentUser(c), c.req.valid("param").eventId);
      return c.json({ success: true as const, message: message(c.get("lang"), "unregistered") }, 200);
    })
    .openapi(r.participantStatus, async (c) => {
      const { eventId, participantId } = c.req.valid("param");
      await events.setParticipantStatus(deps, currentUser(c), eventId, participantId, c.req.valid("json").status);
      return c.json({ success: true as const, message: message(c.get("lang"), "participant_updated") }, 200);
    });
}
