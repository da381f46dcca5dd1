import { refuseNulCharacters, refuseUnreadablePaths } from "./http/validation.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import { serveStatic } from "hono/bun";
import { authRoutes } from "./auth/routes.ts";
import { oauthRoutes } from "./auth/oauth-routes.ts";
import { sessionContext } from "./auth/session-middleware.ts";
import { requestContext } from "./http/auth.ts";
import { sameOriginOnly } from "./http/same-origin.ts";
import { securityHeaders } from "./http/security-headers.ts";
import type { AppDeps, AppEnv } from "./http/context.ts";
import { docsRoutes } from "./http/docs.ts";
import { handleError, NotFoundError } from "./http/errors.ts";
import { newRouter, openApiInfo, withTokenScopes } from "./http/openapi.ts";
import { checkResponses, type ResponseCheckSink } from "./http/response-check.ts";
import { staticTranslationRoutes, translateRoutes } from "./translations/routes.ts";
import { legalRoutes } from "./legal/routes.ts";
import { channelRoutes } from "./channels/routes.ts";
import { chatRoutes } from "./chat/routes.ts";
import { followRoutes } from "./follows/routes.ts";
import { notificationRoutes } from "./notifications/routes.ts";
import { reportRoutes } from "./reports/routes.ts";
import { searchRoutes } from "./search/routes.ts";
import { tournamentRoutes } from "./tournaments/routes.ts";
import { walletRoutes } from "./wallet/routes.ts";
import { eventRoutes } from "./events/routes.ts";
import { ticketRoutes } from "./tickets/routes.ts";
import { assignmentRoutes } from "./assignments/routes.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import { gameRoutes } from "./games/routes.ts";
import { liveMediaRoutes, recordingRoutes } from "./live/media-routes.ts";
import { replayRoutes } from "./replays/routes.ts";
import { restreamRoutes } from "./restream/routes.ts";
import { userRoutes } from "./users/routes.ts";
import { privacyRoutes } from "./privacy/routes.ts";
import { adminRoutes } from "./admin/routes.ts";
import { adminSiteRoutes, siteRoutes } from "./site/routes.ts";
import { adminGameRoutes } from "./games/catalogue/routes.ts";
import { storagePolicyRoutes } from "./storage/routes.ts";
import { healthRoutes, metricsRoutes } from "./ops/routes.ts";
import { clipRoutes } from "./clips/routes.ts";
import { waitlistRoutes } from "./waitlist/routes.ts";
import { createMetrics } from "./ops/metrics.ts";
import { liveAccessRoutes } from "./restricted/routes.ts";
import { webhookRoutes } from "./webhooks/routes.ts";
import { tokenRoutes } from "./tokens/routes.ts";
import { overlayRoutes } from "./overlays/routes.ts";
import { streamHealthRoutes } from "./health/routes.ts";
import { embedRoutes } from "./embeds/routes.ts";
import { oembedDiscoveryLink, withDiscoveryLink } from "./embeds/discovery.ts";
import { siteSettings } from "./site/settings/settings.ts";
import { raidRoutes } from "./raids/routes.ts";
import { whipRoutes } from "./whip/routes.ts";
import { whepRoutes } from "./whep/routes.ts";
import { srtRoutes } from "./srt/routes.ts";
import { federationRoutes } from "./federation/routes.ts";
import { followingRoutes } from "./federation/following-routes.ts";
import { fediverseRoutes } from "./federation/followers/routes.ts";

/** The API: one router per domain, mounted under /api, described by one OpenAPI document. */
export function createApi(deps: AppDeps) {
  const api = newRouter()
    .route("/auth", authRoutes(deps))
    .route("/auth/oauth", oauthRoutes(deps))
    .route("/", userRoutes(deps))
    .route("/legal", legalRoutes(deps))
    .route("/", translateRoutes(deps))
    .route("/stream", channelRoutes(deps))
    .route("/stream", gameRoutes(deps))
    .route("/stream", replayRoutes(deps))
    .route("/stream", restreamRoutes(deps))
    .route("/stream", srtRoutes(deps))
    .route("/", chatRoutes(deps))
    .route("/stream", followRoutes(deps))
    .route("/notifications", notificationRoutes(deps))
    .route("/stream", searchRoutes(deps))
    .route("/", reportRoutes(deps))
    .route("/tournament", tournamentRoutes(deps))
    .route("/wallet", walletRoutes(deps))
    .route("/", eventRoutes(deps))
    .route("/tickets", ticketRoutes(deps))
    .route("/", assignmentRoutes(deps))
    .route("/dashboard", dashboardRoutes(deps))
    .route("/me", privacyRoutes(deps))
    .route("/admin", adminRoutes(deps))
    .route("/", clipRoutes(deps))
    .route("/waitlist", waitlistRoutes(deps))
    .route("/", adminSiteRoutes(deps))
    .route("/", siteRoutes(deps))
    .route("/", adminGameRoutes(deps))
    .route("/", storagePolicyRoutes(deps))
    .route("/", healthRoutes(deps))
    .route("/", liveAccessRoutes(deps))
    .route("/", webhookRoutes(deps))
    .route("/", followingRoutes(deps))
    .route("/", tokenRoutes(deps))
    .route("/", overlayRoutes(deps))
    .route("/", embedRoutes(deps))
    .route("/", raidRoutes(deps))
    .route("/", streamHealthRoutes(deps))
    .route("/", fediverseRoutes(deps));
  api.openAPIRegistry.registerComponent("securitySchemes", "cookieAuth", { type: "apiKey", in: "cookie", name: "arena_session" });
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "A session's token, or a personal access token (arena_pat_…) limited to the scope each call names (x-token-scope).",
  });
  // The document each call describes, with the scope a personal access token needs for it (shared/tokens.ts).
  api.get("/openapi.json", (c) => c.json(withTokenScopes(api.getOpenAPI31Document(openApiInfo))));
  api.route("/docs", docsRoutes());
  return api;
}

/**
 * The whole web side: the API, uploaded images, and the built web app with its client-side routes.
 * `checkResponses` (tests only) is told whether each API answer parses with its declared schema.
 */
export function createApp(deps: AppDeps, options: { checkResponses?: ResponseCheckSink } = {}) {
  const api = createApi(deps);
  const metrics = createMetrics(deps);
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use("*", metrics.timeRequests);
  app.use(
    "*",
    securityHeaders({
      clientDist: deps.config.clientDist,
      https: deps.config.publicUrl.startsWith("https:"),
      embedOrigins: async () => (await siteSettings(deps)).embedOrigins,
    }),
  );
  app.use("*", refuseUnreadablePaths);
  // Before /api's session and same-origin checks: a stream key, never a cookie, authorizes WHIP, from any origin.
  app.route("/api/whip", whipRoutes(deps));
  app.route("/api/whep", whepRoutes(deps));
  app.use("/api/*", requestContext(deps), sessionContext(deps));
  app.use(
    "/api/*",
    sameOriginOnly(() => deps.config.publicUrl),
    refuseNulCharacters,
  );
  app.use("/recordings/*", requestContext(deps), sessionContext(deps));
  // The language of a restricted live's refusal; the session is read only for a restricted live (live/media-routes.ts).
  app.use("/live/*", requestContext(deps));
  app.use("/static/*", requestContext(deps), sessionContext(deps));
  if (options.checkResponses) app.use("/api/*", checkResponses(api.openAPIRegistry, "/api", options.checkResponses));
  app.route("/api", api);
  app.all("/api/*", () => {
    throw new NotFoundError();
  });
  // Before the web app's catch-all, which would answer these paths with its page.
  app.route("/", federationRoutes(deps));
  app.route("/metrics", metricsRoutes(deps, metrics));
  app.route("/static/translations", staticTranslationRoutes(deps));
  app.route("/live", liveMediaRoutes(deps));
  app.route("/recordings", recordingRoutes(deps));
  app.use("/uploads/*", serveStatic({ root: deps.config.mediaDir, onNotFound: () => undefined }));
  app.get("/uploads/*", (c) => c.notFound());
  serveWebApp(app, deps.config);
  return app;
}

function serveWebApp(app: Hono<AppEnv>, config: AppDeps["config"]): void {
  const { clientDist } = config;
  // Vite names every file of assets/ by its content's hash: a name never changes meaning, so a browser keeps it a
  // year without asking again, and the app is neither downloaded nor compiled again on each page (without this,
  // every page load parsed the 450 KB app anew: a quarter of a second of a core). index.html is never kept, so a
  // new build is seen at the next page; a missing name falls to the app's page below, which is never kept either.
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200 && !c.res.headers.get("content-type")?.startsWith("text/html")) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("/*", serveStatic({ root: clientDist }));
  // Every other path belongs to the web app's router, which draws its own 404 page.
  app.get("*", async (c) => {
    const index = join(clientDist, "index.html");
    if (!existsSync(index)) return c.text("The web app is not built: run ./scripts/start (or bun run build).", 503);
    return c.html(withDiscoveryLink(await Bun.file(index).text(), oembedDiscoveryLink(c.req.path, config.publicUrl)));
  });
}
