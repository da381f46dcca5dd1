import { createRoute } from "@hono/zod-openapi";
import type { AppDeps } from "../http/context.ts";
import { setSessionCookie } from "./session-middleware.ts";
import { errors, newRouter } from "../http/openapi.ts";
import { finishProviderLogin, signInWithIdentity, startProviderLogin } from "./oauth.ts";
import { OAuthProviderParamSchema } from "./schemas.ts";

const tags = ["Accounts"];

const startRoute = createRoute({
  method: "get",
  path: "/{provider}",
  tags,
  summary: "Start Google or Facebook sign-in (opened in a 520×640 popup)",
  request: { params: OAuthProviderParamSchema },
  responses: { 302: { description: "Redirects to the provider" }, 404: errors[404] },
});
const callbackRoute = createRoute({
  method: "get",
  path: "/{provider}/callback",
  tags,
  summary: "The provider's return; ends on /?oauthsuccess=true[&firstlogin=true]",
  request: { params: OAuthProviderParamSchema },
  responses: { 302: { description: "Redirects to the web app with the outcome" }, 404: errors[404] },
});

export function oauthRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(startRoute, async (c) => c.redirect((await startProviderLogin(deps, c.req.valid("param").provider)).toString(), 302))
    .openapi(callbackRoute, async (c) => {
      const { provider } = c.req.valid("param");
      if (!deps.config.oauth[provider]) return c.redirect("/?oauthsuccess=false&error=oauth_not_configured", 302);
      try {
        const identity = await finishProviderLogin(deps, provider, new URL(c.req.url));
        const result = await signInWithIdentity(deps, provider, identity, c.req.header("user-agent"));
        setSessionCookie(c, result.token, true, deps.config.publicUrl);
        return c.redirect(`/?oauthsuccess=true${result.firstLogin ? "&firstlogin=true" : ""}`, 302);
      } catch (error) {
        console.warn(`[oauth] ${provider} sign-in failed: ${(error as Error).message}`);
        return c.redirect("/?oauthsuccess=false&error=oauth_failed", 302);
      }
    });
}
