import { createRoute } from "@hono/zod-openapi";
import { Hono } from "hono";
import { requestContext, socketPeer } from "../http/auth.ts";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { AppError } from "../http/errors.ts";
import { jsonResponse, newRouter } from "../http/openapi.ts";
import { checkHealth } from "./health.ts";
import { type Metrics, metricsAccess, PROMETHEUS_CONTENT_TYPE } from "./metrics.ts";
import { HealthSchema } from "./schemas.ts";

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["Operations"],
  summary: "Whether this node can serve, for load balancers: database, RTMP ingest, free disk space",
  responses: {
    200: jsonResponse(HealthSchema, "The node can serve (`degraded`: it can, but a disk is getting full)"),
    503: jsonResponse(HealthSchema, "The node cannot serve: take it out of rotation (`checks` says why)"),
  },
});

export function healthRoutes(deps: AppDeps) {
  return newRouter().openapi(healthRoute, async (c) => {
    const health = await checkHealth(deps);
    c.header("Cache-Control", "no-store");
    return health.status === "down" ? c.json(health, 503) : c.json(health, 200);
  });
}

/** GET /metrics, beside the API (Prometheus's usual address): for METRICS_TOKEN holders and this machine only. */
export function metricsRoutes(deps: AppDeps, metrics: Metrics) {
  return new Hono<AppEnv>().get("/", requestContext(deps), async (c) => {
    const behindProxy = deps.config.trustProxy.kind !== "none";
    const access = metricsAccess(deps.config.metricsToken, c.req.header("authorization"), socketPeer(c), behindProxy);
    if (access === "token_required") throw new AppError(401, "metrics_token_required", { headers: { "WWW-Authenticate": 'Bearer realm="metrics"' } });
    if (access === "local_only") throw new AppError(403, "metrics_local_only");
    if (access === "token_behind_proxy") throw new AppError(403, "metrics_token_behind_proxy");
    return c.body(await metrics.render(), 200, { "Content-Type": PROMETHEUS_CONTENT_TYPE, "Cache-Control": "no-store" });
  });
}
