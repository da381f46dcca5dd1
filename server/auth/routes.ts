import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { currentUser, requireUser } from "../http/auth.ts";
import { AppError } from "../http/errors.ts";
import { imageKinds, tooLarge } from "../http/images.ts";
import { errors, formBody, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { translate } from "../i18n/messages.ts";
import { newCaptchaChallenge } from "./captcha.ts";
import { captchaEnabled } from "../site/settings/settings.ts";
import {
  AuthOptionsSchema,
  AvatarResponseSchema,
  BannerResponseSchema,
  CaptchaResponseSchema,
  ChangePasswordSchema,
  ChangeUsernameSchema,
  FullNameSchema,
  LoginResponseSchema,
  LoginSchema,
  ResetPasswordSchema,
  ResetRequestSchema,
  SignupSchema,
  SuccessMessageSchema,
  TokenParamSchema,
  UploadSchema,
  UserResponseSchema,
} from "./schemas.ts";
import * as auth from "./service.ts";
import { clearSessionCookie, setSessionCookie } from "./session-middleware.ts";
import { toMe } from "./user-mapper.ts";

const tags = ["Accounts"];

const signupRoute = createRoute({
  method: "post",
  path: "/signup",
  tags,
  summary: "Create an account",
  request: { body: jsonBody(SignupSchema) },
  responses: { 200: jsonResponse(SuccessMessageSchema, "Account created; a verification link is mailed"), 400: errors[400], 409: errors[409], 429: errors[429] },
});
const verifyRoute = createRoute({
  method: "get",
  path: "/verify/{token}",
  tags,
  summary: "Email verification link target",
  request: { params: TokenParamSchema },
  responses: { 302: { description: "Redirects to /?verified=true (or false when the link is invalid)" } },
});
const loginRoute = createRoute({
  method: "post",
  path: "/login",
  tags,
  summary: "Log in with a username or an email",
  request: { body: jsonBody(LoginSchema) },
  responses: { 200: jsonResponse(LoginResponseSchema, "Logged in; the session cookie is set"), 400: errors[400], 401: errors[401], 403: errors[403], 429: errors[429] },
});
const logoutResponses = { 200: jsonResponse(SuccessMessageSchema, "Session ended and cookie cleared") };
// Logout is a POST only: a GET could be fired by any <img> or CSS url() a page carries, and log its visitors out.
const logoutGetRoute = createRoute({ method: "get", path: "/logout", tags, summary: "Refused: log out with POST", responses: { 405: errors[405] } });
const logoutPostRoute = createRoute({ method: "post", path: "/logout", tags, summary: "Log out", responses: logoutResponses });
const meRoute = createRoute({
  method: "get",
  path: "/me",
  tags,
  summary: "The logged-in user",
  security: secured,
  middleware: [requireUser] as const,
  responses: { 200: jsonResponse(UserResponseSchema, "The caller's account"), 401: errors[401] },
});
const captchaRoute = createRoute({
  method: "get",
  path: "/captcha",
  tags,
  summary: "A fresh proof-of-work captcha challenge (ALTCHA)",
  responses: { 200: jsonResponse(CaptchaResponseSchema, "The challenge, when the captcha is on") },
});
const optionsRoute = createRoute({
  method: "get",
  path: "/options",
  tags,
  summary: "What the login form offers on this server",
  responses: { 200: jsonResponse(AuthOptionsSchema, "Captcha on or off, and which sign-in providers are configured") },
});
const resetRequestRoute = createRoute({
  method: "post",
  path: "/reset",
  tags,
  summary: "Mail a password reset link",
  request: { body: jsonBody(ResetRequestSchema) },
  responses: { 200: jsonResponse(SuccessMessageSchema, "Same answer whether or not the address exists"), 400: errors[400], 429: errors[429] },
});
const resetRoute = createRoute({
  method: "post",
  path: "/reset/{token}",
  tags,
  summary: "Choose a new password with a single-use reset token",
  request: { params: TokenParamSchema, body: jsonBody(ResetPasswordSchema) },
  responses: { 200: jsonResponse(SuccessMessageSchema, "Password changed; every session of the account ended"), 400: errors[400] },
});
const fullNameRoute = createRoute({
  method: "put",
  path: "/fullname",
  tags,
  summary: "Change first and last name",
  security: secured,
  middleware: [requireUser] as const,
  request: { body: jsonBody(FullNameSchema) },
  responses: { 200: jsonResponse(UserResponseSchema, "Updated account"), 400: errors[400], 401: errors[401] },
});
const usernameRoute = createRoute({
  method: "put",
  path: "/username",
  tags,
  summary: "Change username",
  security: secured,
  middleware: [requireUser] as const,
  request: { body: jsonBody(ChangeUsernameSchema) },
  responses: { 200: jsonResponse(UserResponseSchema, "Updated account"), 400: errors[400], 401: errors[401], 409: errors[409] },
});
const passwordRoute = createRoute({
  method: "put",
  path: "/password",
  tags,
  summary: "Change password (ends every other session)",
  security: secured,
  middleware: [requireUser] as const,
  request: { body: jsonBody(ChangePasswordSchema) },
  responses: { 200: jsonResponse(SuccessMessageSchema, "Password changed; a fresh session cookie is set"), 400: errors[400], 401: errors[401] },
});

function imageRoute(path: "/avatar" | "/banner", maxBytes: number, response: typeof AvatarResponseSchema | typeof BannerResponseSchema) {
  return createRoute({
    method: "post",
    path,
    tags,
    summary: `Upload a new ${path.slice(1)} (image, re-encoded to WebP)`,
    security: secured,
    middleware: [requireUser, uploadLimit(maxBytes, path === "/avatar" ? imageKinds.avatar : imageKinds.banner)] as const,
    request: { body: formBody(UploadSchema) },
    responses: { 200: jsonResponse(response, "Stored; the path of the new image"), 400: errors[400], 401: errors[401], 413: errors[413] },
  });
}

/** Refuses a body over the image limit before reading it all; a little room is left for the multipart framing. */
function uploadLimit(maxBytes: number, kind: (typeof imageKinds)[keyof typeof imageKinds]) {
  return bodyLimit({
    maxSize: maxBytes + 64 * 1024,
    onError: () => {
      throw tooLarge(kind);
    },
  });
}

export function authRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(signupRoute, async (c) => {
      await auth.signup(deps, c.req.valid("json"), origin(c));
      return c.json({ success: true as const, message: translate(c.get("lang"), "auth:signup_success") }, 200);
    })
    .openapi(verifyRoute, async (c) => {
      const verified = await auth.verifyEmail(deps, c.req.valid("param").token);
      return c.redirect(`/?verified=${verified}`, 302);
    })
    .openapi(loginRoute, async (c) => {
      const input = c.req.valid("json");
      const result = await auth.login(deps, input, origin(c));
      setSessionCookie(c, result.token, input.rememberMe, deps.config.publicUrl);
      return c.json({ success: true as const, firstLogin: result.firstLogin, user: toMe(result.user), ...(input.returnToken ? { token: result.token } : {}) }, 200);
    })
    .openapi(logoutGetRoute, () => {
      throw new AppError(405, "method_not_allowed", { headers: { Allow: "POST" } });
    })
    .openapi(logoutPostRoute, async (c) => logout(c, deps))
    .openapi(meRoute, async (c) => c.json({ success: true as const, user: toMe(currentUser(c)) }, 200))
    .openapi(captchaRoute, async (c) => {
      const { complexity } = deps.config.captcha;
      if (!(await captchaEnabled(deps))) return c.json({ enabled: false }, 200);
      return c.json({ enabled: true, challenge: await newCaptchaChallenge(deps.config.secret, complexity, deps.now()) }, 200);
    })
    .openapi(optionsRoute, async (c) =>
      c.json({ captcha: await captchaEnabled(deps), providers: { google: Boolean(deps.config.oauth.google), facebook: Boolean(deps.config.oauth.facebook) }, testTopUp: deps.config.demo }, 200),
    )
    .openapi(resetRequestRoute, async (c) => {
      await auth.requestPasswordReset(deps, c.req.valid("json").email, origin(c));
      return c.json({ success: true as const, message: translate(c.get("lang"), "auth:reset_sent") }, 200);
    })
    .openapi(resetRoute, async (c) => {
      await auth.resetPassword(deps, c.req.valid("param").token, c.req.valid("json").password);
      return c.json({ success: true as const, message: translate(c.get("lang"), "auth:password_reset_done") }, 200);
    })
    .openapi(fullNameRoute, async (c) => {
      const { firstName, lastName } = c.req.valid("json");
      const user = await auth.updateFullName(deps, currentUser(c), firstName, lastName);
      return c.json({ success: true as const, user: toMe(user) }, 200);
    })
    .openapi(usernameRoute, async (c) => {
      const user = await auth.updateUsername(deps, currentUser(c), c.req.valid("json").username);
      return c.json({ success: true as const, user: toMe(user) }, 200);
    })
    .openapi(passwordRoute, async (c) => {
      const remember = c.get("auth")?.remember ?? false;
      const token = await auth.changePassword(deps, currentUser(c), c.req.valid("json"), remember, c.req.header("user-agent"));
      setSessionCookie(c, token, remember, deps.config.publicUrl);
      return c.json({ success: true as const, message: translate(c.get("lang"), "auth:password_updated") }, 200);
    })
    .openapi(imageRoute("/avatar", imageKinds.avatar.maxBytes, AvatarResponseSchema), async (c) => {
      const path = await auth.replaceProfileImage(deps, currentUser(c), "avatar", (await c.req.parseBody()).filename);
      return c.json({ success: true as const, message: translate(c.get("lang"), "auth:avatar_updated"), newAvatar: path, avatar: path }, 200);
    })
    .openapi(imageRoute("/banner", imageKinds.banner.maxBytes, BannerResponseSchema), async (c) => {
      const path = await auth.replaceProfileImage(deps, currentUser(c), "banner", (await c.req.parseBody()).filename);
      return c.json({ success: true as const, message: translate(c.get("lang"), "auth:banner_updated"), newBanner: path, banner: path }, 200);
    });
}

function origin(c: Context<AppEnv>): auth.RequestOrigin {
  return { ip: c.get("clientIp"), lang: c.get("lang"), userAgent: c.req.header("user-agent") };
}

async function logout(c: Context<AppEnv>, deps: AppDeps) {
  const session = c.get("auth");
  if (session) await auth.logOut(deps, session);
  clearSessionCookie(c);
  return c.json({ success: true as const, message: translate(c.get("lang"), "auth:logged_out") }, 200);
}
