import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { type Language, translate } from "../i18n/messages.ts";
import { ticketResponse } from "../tickets/service.ts";
import { ticketSigner } from "../tickets/signing.ts";
import { acceptOffer, declineOffer, joinWaitlist, leaveWaitlist, organiserList, setHoldMinutes, takeFromList, waitlistView } from "./actions.ts";
import {
  AcceptSchema,
  EntryParamSchema,
  HoldSchema,
  PlaceParamSchema,
  WaitlistAcceptedResponseSchema,
  WaitlistDoneResponseSchema,
  WaitlistEntriesResponseSchema,
  WaitlistJoinedResponseSchema,
  WaitlistTakenResponseSchema,
  WaitlistViewResponseSchema,
} from "./schemas.ts";

const tags = ["Waiting lists"];
const owner = { security: secured, middleware: [requireUser] };
const refusals = { 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] };

const r = {
  accept: createRoute({
    method: "post",
    path: "/offers/{entryId}/accept",
    tags,
    summary: "Accept an offer: the seat is taken (and a paid ticket bought) in one transaction",
    ...owner,
    request: { params: EntryParamSchema, body: jsonBody(AcceptSchema) },
    responses: { 200: jsonResponse(WaitlistAcceptedResponseSchema, "Accepted"), 400: errors[400], 402: errors[402], ...refusals },
  }),
  decline: createRoute({
    method: "post",
    path: "/offers/{entryId}/decline",
    tags,
    summary: "Decline an offer: it passes to the next in line",
    ...owner,
    request: { params: EntryParamSchema },
    responses: { 200: jsonResponse(WaitlistDoneResponseSchema, "Declined"), ...refusals },
  }),
  take: createRoute({
    method: "post",
    path: "/entries/{entryId}/take",
    tags,
    summary: "Take someone from the list by hand (organiser): first in line, offered now if a place is free",
    ...owner,
    request: { params: EntryParamSchema },
    responses: { 200: jsonResponse(WaitlistTakenResponseSchema, "Taken"), ...refusals },
  }),
  view: createRoute({
    method: "get",
    path: "/{kind}/{id}",
    tags,
    summary: "The waiting list as the viewer sees it: can they join, their place, their offer",
    request: { params: PlaceParamSchema },
    responses: { 200: jsonResponse(WaitlistViewResponseSchema, "Waiting list"), 404: errors[404] },
  }),
  join: createRoute({
    method: "post",
    path: "/{kind}/{id}",
    tags,
    summary: "Join the waiting list of a full event or tournament",
    ...owner,
    request: { params: PlaceParamSchema },
    responses: { 200: jsonResponse(WaitlistJoinedResponseSchema, "Joined"), ...refusals },
  }),
  leave: createRoute({
    method: "delete",
    path: "/{kind}/{id}",
    tags,
    summary: "Leave the waiting list (an offer held passes on)",
    ...owner,
    request: { params: PlaceParamSchema },
    responses: { 200: jsonResponse(WaitlistDoneResponseSchema, "Left"), ...refusals },
  }),
  entries: createRoute({
    method: "get",
    path: "/{kind}/{id}/entries",
    tags,
    summary: "Everyone on the list, in order (organiser)",
    ...owner,
    request: { params: PlaceParamSchema },
    responses: { 200: jsonResponse(WaitlistEntriesResponseSchema, "Entries"), ...refusals },
  }),
  hold: createRoute({
    method: "put",
    path: "/{kind}/{id}/hold",
    tags,
    summary: "How long an offer is held, in minutes (organiser)",
    ...owner,
    request: { params: PlaceParamSchema, body: jsonBody(HoldSchema) },
    responses: { 200: jsonResponse(WaitlistDoneResponseSchema, "Saved"), 400: errors[400], ...refusals },
  }),
};

export function waitlistRoutes(deps: AppDeps) {
  const message = (lang: Language, key: string, params?: Record<string, string | number>) => translate(lang, `events:${key}`, params);
  return newRouter()
    .openapi(r.accept, async (c) => {
      const lang = c.get("lang");
      const accepted = await acceptOffer(deps, currentUser(c), c.req.valid("param").entryId, c.req.valid("json"), lang);
      const ticket = accepted.kind === "event" && accepted.ticket ? ticketResponse(ticketSigner(deps.config.mediaDir), lang, accepted.ticket) : null;
      const registration = accepted.kind === "event" ? accepted.registration : null;
      return c.json({ success: true as const, message: message(lang, ticket ? "ticket_bought" : "waitlist_accepted"), ticket, registration }, 200);
    })
    .openapi(r.decline, async (c) => {
      await declineOffer(deps, currentUser(c), c.req.valid("param").entryId);
      return c.json({ success: true as const, message: message(c.get("lang"), "waitlist_declined") }, 200);
    })
    .openapi(r.take, async (c) => {
      const offered = await takeFromList(deps, currentUser(c), c.req.valid("param").entryId);
      return c.json({ success: true as const, message: message(c.get("lang"), offered ? "waitlist_taken_offered" : "waitlist_taken_first"), offered }, 200);
    })
    .openapi(r.view, async (c) => c.json({ success: true as const, ...(await waitlistView(deps, c.get("auth")?.user, c.req.valid("param"))) }, 200))
    .openapi(r.join, async (c) => {
      const place = await joinWaitlist(deps, currentUser(c), c.req.valid("param"));
      return c.json({ success: true as const, message: message(c.get("lang"), "waitlist_joined", { place }), place }, 200);
    })
    .openapi(r.leave, async (c) => {
      await leaveWaitlist(deps, currentUser(c), c.req.valid("param"));
      return c.json({ success: true as const, message: message(c.get("lang"), "waitlist_left") }, 200);
    })
    .openapi(r.entries, async (c) => c.json({ success: true as const, ...(await organiserList(deps, currentUser(c), c.req.valid("param"))) }, 200))
    .openapi(r.hold, async (c) => {
      await setHoldMinutes(deps, currentUser(c), c.req.valid("param"), c.req.valid("json").minutes);
      return c.json({ success: true as const, message: message(c.get("lang"), "waitlist_hold_saved") }, 200);
    });
}
