import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { srtCallerUrl } from "../../media/srt-ingest.ts";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { setSrt, srtPortOf } from "./ports.ts";
import { SrtInputSchema, SrtStateSchema } from "./schemas.ts";

const tags = ["Streams"];
const owner = { security: secured, middleware: [requireUser] };

const getRoute = createRoute({
  method: "get",
  path: "/mysrt",
  tags,
  summary: "Whether SRT ingest is on for the caller's channel, and its address (owner only; never a personal token)",
  ...owner,
  responses: { 200: jsonResponse(SrtStateSchema, "SRT state and address"), 401: errors[401] },
});
const putRoute = createRoute({
  method: "put",
  path: "/mysrt",
  tags,
  summary: "Turn SRT ingest on (a UDP port of SRT_PORTS is given to the channel) or off; 409 when the server has no SRT",
  ...owner,
  request: { body: jsonBody(SrtInputSchema) },
  responses: { 200: jsonResponse(SrtStateSchema, "SRT state and address"), 400: errors[400], 401: errors[401], 409: errors[409] },
});

/** The host the streamer reached the site by (as the RTMP address), else PUBLIC_URL's. */
function hostOf(c: Context<AppEnv>, publicUrl: string): string {
  const requestHost = c.req.header("host");
  const host = requestHost ? new URL(`http://${requestHost}`).hostname : new URL(publicUrl).hostname;
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

export function srtRoutes(deps: AppDeps) {
  const state = (c: Context<AppEnv>, { port, streamKey }: { port: number | null; streamKey: string }) => {
    const range = deps.config.srtPorts;
    // A port left outside a range since narrowed is listened on by nobody: off until turned on again.
    const enabled = range !== undefined && port !== null && port >= range[0] && port <= range[1];
    const available = range !== undefined;
    return { success: true as const, available, enabled, address: enabled ? srtCallerUrl(hostOf(c, deps.config.publicUrl), port as number, streamKey) : null };
  };
  return newRouter()
    .openapi(getRoute, async (c) => c.json(state(c, await srtPortOf(deps, currentUser(c))), 200))
    .openapi(putRoute, async (c) => {
      const result = await setSrt(deps, currentUser(c), c.req.valid("json").enabled);
      // Answered once this node listens (or stopped): the address works when the streamer reads it.
      await deps.srt?.reload();
      return c.json(state(c, result), 200);
    });
}
