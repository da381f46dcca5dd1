import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { translate } from "../i18n/messages.ts";
import { cancelTicket, eventTickets, purchase, revokedCodes, ticketTypesFor, toTicketTypeResponse, userTickets, validateTicket } from "./service.ts";
import { createTicketType, deleteTicketType, listManagedTypes, reorderTicketTypes, updateTicketType } from "./type-editor.ts";
import { ticketSigner } from "./signing.ts";
import {
  EventTicketsResponseSchema,
  ManagedTicketTypeSavedResponseSchema,
  ManagedTicketTypesResponseSchema,
  MyTicketsResponseSchema,
  PurchaseSchema,
  RevokedCodesResponseSchema,
  TicketAdmittedResponseSchema,
  TicketBoughtResponseSchema,
  TicketCancelledResponseSchema,
  TicketPublicKeyResponseSchema,
  TicketTypeCreateSchema,
  TicketTypeDeletedResponseSchema,
  TicketTypeOrderSchema,
  TicketTypesResponseSchema,
  TicketTypeUpdateSchema,
  TicketValidateSchema,
} from "./schemas.ts";
import { numeric } from "../../shared/numeric.ts";

const tags = ["Tickets"];
const owner = { security: secured, middleware: [requireUser] };
const EventIdParam = z.object({ eventId: numeric(z.number().int().positive()) });
const TypeIdParams = EventIdParam.extend({ typeId: numeric(z.number().int().positive()) });

const r = {
  cancel: createRoute({
    method: "post",
    path: "/{ticketId}/cancel",
    tags,
    summary: "Give a ticket back before the event: its price returns as G-Coins, its seat goes to the waiting list",
    ...owner,
    request: { params: z.object({ ticketId: numeric(z.number().int().positive()) }) },
    responses: { 200: jsonResponse(TicketCancelledResponseSchema, "Cancelled"), 401: errors[401], 404: errors[404], 409: errors[409] },
  }),
  types: createRoute({
    method: "get",
    path: "/types/{eventId}",
    tags,
    summary: "Ticket types of an event (defaults when it has none)",
    request: { params: EventIdParam },
    responses: { 200: jsonResponse(TicketTypesResponseSchema, "Types"), 404: errors[404] },
  }),
  managedTypes: createRoute({
    method: "get",
    path: "/event/{eventId}/types",
    tags,
    summary: "An event's own ticket types, hidden ones included, with their sales (organiser)",
    ...owner,
    request: { params: EventIdParam },
    responses: { 200: jsonResponse(ManagedTicketTypesResponseSchema, "Types"), 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
  createType: createRoute({
    method: "post",
    path: "/event/{eventId}/types",
    tags,
    summary: "Add a ticket type to an event (organiser); its quantity fits within the event's seats",
    ...owner,
    request: { params: EventIdParam, body: jsonBody(TicketTypeCreateSchema) },
    responses: { 201: jsonResponse(ManagedTicketTypeSavedResponseSchema, "Created"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
  updateType: createRoute({
    method: "put",
    path: "/event/{eventId}/types/{typeId}",
    tags,
    summary: "Change a ticket type (organiser): only the fields sent; tickets already sold keep their price",
    ...owner,
    request: { params: TypeIdParams, body: jsonBody(TicketTypeUpdateSchema) },
    responses: { 200: jsonResponse(ManagedTicketTypeSavedResponseSchema, "Saved"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
  deleteType: createRoute({
    method: "delete",
    path: "/event/{eventId}/types/{typeId}",
    tags,
    summary: "Delete a ticket type no ticket was issued for (organiser); one with tickets is closed or hidden instead",
    ...owner,
    request: { params: TypeIdParams },
    responses: { 200: jsonResponse(TicketTypeDeletedResponseSchema, "Deleted"), 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  orderTypes: createRoute({
    method: "put",
    path: "/event/{eventId}/type-order",
    tags,
    summary: "Set the order buyers see an event's ticket types in (organiser): every type's id, once",
    ...owner,
    request: { params: EventIdParam, body: jsonBody(TicketTypeOrderSchema) },
    responses: { 200: jsonResponse(ManagedTicketTypesResponseSchema, "Types"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
  purchase: createRoute({
    method: "post",
    path: "/purchase",
    tags,
    summary: "Buy a ticket: G-Coins move from buyer to organiser in one transaction",
    ...owner,
    request: { body: jsonBody(PurchaseSchema) },
    responses: { 201: jsonResponse(TicketBoughtResponseSchema, "Bought"), 400: errors[400], 401: errors[401], 402: errors[402], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
  mine: createRoute({
    method: "get",
    path: "/user",
    tags,
    summary: "The caller's tickets, each with its signed QR payload",
    ...owner,
    responses: { 200: jsonResponse(MyTicketsResponseSchema, "Tickets"), 401: errors[401] },
  }),
  event: createRoute({
    method: "get",
    path: "/event/{eventId}",
    tags,
    summary: "An event's tickets (organiser)",
    ...owner,
    request: { params: EventIdParam },
    responses: { 200: jsonResponse(EventTicketsResponseSchema, "Tickets"), 401: errors[401], 404: errors[404] },
  }),
  revoked: createRoute({
    method: "get",
    path: "/event/{eventId}/revoked",
    tags,
    summary: "Codes of refunded tickets, for offline scanners (organiser)",
    ...owner,
    request: { params: EventIdParam },
    responses: { 200: jsonResponse(RevokedCodesResponseSchema, "Codes"), 401: errors[401], 404: errors[404] },
  }),
  publicKey: createRoute({
    method: "get",
    path: "/public-key",
    tags,
    summary: "The Ed25519 public key tickets are signed with (PEM)",
    responses: { 200: jsonResponse(TicketPublicKeyResponseSchema, "Key") },
  }),
  validate: createRoute({
    method: "post",
    path: "/validate",
    tags,
    summary: "Check a ticket in at the door (organiser); a second scan is refused",
    ...owner,
    request: { body: jsonBody(TicketValidateSchema) },
    responses: { 200: jsonResponse(TicketAdmittedResponseSchema, "Admitted"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  }),
};

export function ticketRoutes(deps: AppDeps) {
  const signer = () => ticketSigner(deps.config.mediaDir);
  return newRouter()
    .openapi(r.cancel, async (c) => {
      const { refunded } = await cancelTicket(deps, currentUser(c), c.req.valid("param").ticketId);
      return c.json({ success: true as const, message: translate(c.get("lang"), "events:ticket_cancelled", { n: refunded }), refunded }, 200);
    })
    .openapi(r.types, async (c) => {
      const listing = await ticketTypesFor(deps, c.get("auth")?.user, c.req.valid("param").eventId, c.get("lang"));
      return c.json({ success: true as const, ticketTypes: listing.types.map(toTicketTypeResponse), priceReason: listing.priceReason, own: listing.own, sellsTickets: listing.sells }, 200);
    })
    .openapi(r.managedTypes, async (c) => {
      const { types, seats } = await listManagedTypes(deps, currentUser(c), c.req.valid("param").eventId);
      return c.json({ success: true as const, ticketTypes: types, seats }, 200);
    })
    .openapi(r.createType, async (c) => {
      const ticketType = await createTicketType(deps, currentUser(c), c.req.valid("param").eventId, c.req.valid("json"));
      return c.json({ success: true as const, message: translate(c.get("lang"), "events:ticket_type_created"), ticketType }, 201);
    })
    .openapi(r.updateType, async (c) => {
      const { eventId, typeId } = c.req.valid("param");
      const ticketType = await updateTicketType(deps, currentUser(c), eventId, typeId, c.req.valid("json"));
      return c.json({ success: true as const, message: translate(c.get("lang"), "events:ticket_type_saved"), ticketType }, 200);
    })
    .openapi(r.deleteType, async (c) => {
      const { eventId, typeId } = c.req.valid("param");
      await deleteTicketType(deps, currentUser(c), eventId, typeId);
      return c.json({ success: true as const, message: translate(c.get("lang"), "events:ticket_type_deleted") }, 200);
    })
    .openapi(r.orderTypes, async (c) => {
      const { eventId } = c.req.valid("param");
      const types = await reorderTicketTypes(deps, currentUser(c), eventId, c.req.valid("json").order);
      return c.json({ success: true as const, ticketTypes: types.types, seats: types.seats }, 200);
    })
    .openapi(r.purchase, async (c) => {
      const ticket = await purchase(deps, signer(), currentUser(c), c.req.valid("json"), c.get("lang"));
      return c.json({ success: true as const, message: translate(c.get("lang"), "events:ticket_bought"), ticket }, 201);
    })
    .openapi(r.mine, async (c) => c.json({ success: true as const, tickets: await userTickets(deps, signer(), currentUser(c), c.get("lang")) }, 200))
    .openapi(r.event, async (c) => c.json({ success: true as const, tickets: await eventTickets(deps, currentUser(c), c.req.valid("param").eventId) }, 200))
    .openapi(r.revoked, async (c) => c.json({ success: true as const, revoked: await revokedCodes(deps, currentUser(c), c.req.valid("param").eventId) }, 200))
    .openapi(r.publicKey, (c) => c.json({ success: true as const, algorithm: "Ed25519" as const, publicKey: signer().publicKeyPem }, 200))
    .openapi(r.validate, async (c) => {
      const { qr, eventId } = c.req.valid("json");
      const result = await validateTicket(deps, signer(), currentUser(c), qr, eventId);
      return c.json({ success: true as const, valid: true as const, message: translate(c.get("lang"), "events:ticket_admitted"), ticket: result.valid ? result.ticket : null }, 200);
    });
}
