import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import {
  BanInputSchema,
  BanParamSchema,
  ChatBanResponseSchema,
  ChatDoneResponseSchema,
  ChatHistoryResponseSchema,
  ChatStateSchema,
  HistoryQuerySchema,
  MessageIdParamSchema,
  SlowModeInputSchema,
  SlowModeResponseSchema,
  StreamIdParamSchema,
} from "./schemas.ts";
import { banUser, chatHistory, chatState, deleteMessage, liftBan, setSlowMode } from "./service.ts";

const tags = ["Chat"];
const owner = { security: secured, middleware: [requireUser] };
const Ok = ChatDoneResponseSchema;

const historyRoute = createRoute({
  method: "get",
  path: "/messages/{streamID}",
  tags,
  summary: "The last messages of a stream's chat, oldest first",
  request: { params: StreamIdParamSchema, query: HistoryQuerySchema },
  responses: { 200: jsonResponse(ChatHistoryResponseSchema, "Messages"), 404: errors[404] },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/messages/{messageId}",
  tags,
  summary: "Delete a message for everyone (owner, moderators, admins)",
  ...owner,
  request: { params: MessageIdParamSchema },
  responses: { 200: jsonResponse(Ok, "Deleted"), 401: errors[401], 403: errors[403], 404: errors[404] },
});
const banRoute = createRoute({
  method: "post",
  path: "/chat/{streamID}/bans",
  tags,
  summary: "Ban (no minutes) or time out a user from a chat",
  ...owner,
  request: { params: StreamIdParamSchema, body: jsonBody(BanInputSchema) },
  responses: { 200: jsonResponse(ChatBanResponseSchema, "Banned"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});
const unbanRoute = createRoute({
  method: "delete",
  path: "/chat/{streamID}/bans/{userId}",
  tags,
  summary: "Lift a ban or a timeout",
  ...owner,
  request: { params: BanParamSchema },
  responses: { 200: jsonResponse(Ok, "Lifted"), 401: errors[401], 403: errors[403], 404: errors[404] },
});
const slowRoute = createRoute({
  method: "put",
  path: "/chat/{streamID}/slow",
  tags,
  summary: "Slow mode: seconds between two messages of a viewer (0 = off)",
  ...owner,
  request: { params: StreamIdParamSchema, body: jsonBody(SlowModeInputSchema) },
  responses: { 200: jsonResponse(SlowModeResponseSchema, "Set"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});
const stateRoute = createRoute({
  method: "get",
  path: "/chat/{streamID}/state",
  tags,
  summary: "Slow mode, whether the caller moderates, and the caller's own ban",
  request: { params: StreamIdParamSchema },
  responses: { 200: jsonResponse(ChatStateSchema, "State"), 404: errors[404] },
});

export function chatRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(historyRoute, async (c) => c.json(await chatHistory(deps, c.req.valid("param").streamID, c.req.valid("query").limit), 200))
    .openapi(deleteRoute, async (c) => {
      await deleteMessage(deps, currentUser(c), c.req.valid("param").messageId);
      return c.json({ success: true as const }, 200);
    })
    .openapi(banRoute, async (c) => c.json({ success: true as const, ...(await banUser(deps, currentUser(c), c.req.valid("param").streamID, c.req.valid("json"))) }, 200))
    .openapi(unbanRoute, async (c) => {
      const { streamID, userId } = c.req.valid("param");
      await liftBan(deps, currentUser(c), streamID, userId);
      return c.json({ success: true as const }, 200);
    })
    .openapi(slowRoute, async (c) => {
      const { seconds } = c.req.valid("json");
      await setSlowMode(deps, currentUser(c), c.req.valid("param").streamID, seconds);
      return c.json({ success: true as const, seconds }, 200);
    })
    .openapi(stateRoute, async (c) => c.json({ success: true as const, ...(await chatState(deps, c.get("auth")?.user, c.req.valid("param").streamID)) }, 200));
}
