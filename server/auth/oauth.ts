import * as client from "openid-client";
import type { OAuthProviderName } from "../config.ts";
import type { User } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import { insertUser, type LoginResult, startSession } from "./service.ts";

const STATE_TTL_MS = 10 * 60 * 1000;

/** Who the provider says signed in. */
interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  name: string;
}

class OAuthFailure extends Error {}

const discovered = new Map<string, Promise<client.Configuration>>();

/**
 * Google is OpenID Connect, found by discovery from its issuer (cached per process); Facebook is plain
 * OAuth 2 with fixed endpoints and a userinfo call. Both go through openid-client with PKCE.
 */
async function configurationFor(deps: AppDeps, provider: OAuthProviderName): Promise<client.Configuration> {
  if (provider === "google") {
    const google = deps.config.oauth.google;
    if (!google) throw new NotFoundError("oauth_not_configured");
    const key = `${google.issuer}|${google.clientId}`;
    let config = discovered.get(key);
    if (!config) {
      const insecure = google.issuer.startsWith("http:");
      config = client.discovery(new URL(google.issuer), google.clientId, google.clientSecret, undefined, insecure ? { execute: [client.allowInsecureRequests] } : undefined);
      discovered.set(key, config);
      config.catch(() => discovered.delete(key));
    }
    return config;
  }
  const facebook = deps.config.oauth.facebook;
  if (!facebook) throw new NotFoundError("oauth_not_configured");
  const config = new client.Configuration(
    { issuer: new URL(facebook.authUrl).origin, authorization_endpoint: facebook.authUrl, token_endpoint: facebook.tokenUrl, userinfo_endpoint: facebook.userInfoUrl },
    facebook.clientId,
    { client_secret: facebook.clientSecret },
    client.ClientSecretPost(facebook.clientSecret),
  );
  if (facebook.tokenUrl.startsWith("http:")) client.allowInsecureRequests(config);
  return config;
}

function redirectUri(deps: AppDeps, provider: OAuthProviderName): string {
  return `${deps.config.publicUrl}/api/auth/oauth/${provider}/callback`;
}

/** The provider's sign-in address, with a single-use state, a nonce and a PKCE challenge kept in the database. */
export async function startProviderLogin(deps: AppDeps, provider: OAuthProviderName): Promise<URL> {
  const config = await configurationFor(deps, provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const now = deps.now();
  await deps.db.deleteFrom("oauth_state").where("expires_at", "<=", now).execute();
  await deps.db
    .insertInto("oauth_state")
    .values({ state, provider, code_verifier: codeVerifier, nonce, expires_at: now + STATE_TTL_MS })
    .execute();
  return client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(deps, provider),
    scope: provider === "google" ? "openid email profile" : "email public_profile",
    state,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    ...(provider === "google" ? { nonce } : {}),
  });
}

/** Checks the callback (state used once, code exchanged with PKCE, ID token checked) and reads the identity. */
export async function finishProviderLogin(deps: AppDeps, provider: OAuthProviderName, callbackUrl: URL): Promise<ProviderIdentity> {
  const config = await configurationFor(deps, provider);
  const state = callbackUrl.searchParams.get("state") ?? "";
  const stored = await deps.db.deleteFrom("oauth_state").where("state", "=", state).where("provider", "=", provider).returningAll().executeTakeFirst();
  if (!stored || stored.expires_at <= deps.now()) throw new OAuthFailure("unknown or expired state");
  const callback = new URL(redirectUri(deps, provider));
  callback.search = callbackUrl.search;
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: stored.code_verifier,
    expectedState: stored.state,
    ...(provider === "google" ? { expectedNonce: stored.nonce, idTokenExpected: true } : {}),
  });
  if (provider === "google") {
    const claims = tokens.claims();
    if (!claims) throw new OAuthFailure("no ID token");
    return {
      subject: claims.sub,
      email: typeof claims.email === "string" ? claims.email : null,
      emailVerified: claims.email_verified === true,
      firstName: String(claims.given_name ?? ""),
      lastName: String(claims.family_name ?? ""),
      name: String(claims.name ?? claims.given_name ?? ""),
    };
  }
  const response = await client.fetchProtectedResource(config, tokens.access_token, new URL(deps.config.oauth.facebook!.userInfoUrl), "GET");
  const profile = (await response.json()) as { id?: string; email?: string; first_name?: string; last_name?: string; name?: string };
  if (!profile.id) throw new OAuthFailure("no profile id");
  // Facebook only returns addresses it has confirmed.
  return { subject: profile.id, email: profile.email ?? null, emailVerified: Boolean(profile.email), firstName: profile.first_name ?? "", lastName: profile.last_name ?? "", name: profile.name ?? "" };
}

/**
 * The account behind an identity: the one already linked; else the account with the same address
 * when the provider vouches for it; else a new account (no password; the address counts as verified).
 */
export async function signInWithIdentity(deps: AppDeps, provider: OAuthProviderName, identity: ProviderIdentity, userAgent?: string): Promise<LoginResult> {
  const linked = await deps.db
    .selectFrom("oauth_account")
    .innerJoin("user", "user.id", "oauth_account.user_id")
    .selectAll("user")
    .where("oauth_account.provider", "=", provider)
    .where("oauth_account.provider_user_id", "=", identity.subject)
    .executeTakeFirst();
  let user: User | undefined = linked;
  if (!user && identity.email && identity.emailVerified) user = await deps.db.selectFrom("user").selectAll().where("email", "=", identity.email).executeTakeFirst();
  if (!user) {
    if (!identity.email) throw new OAuthFailure("the provider gave no email address");
    user = await insertUser(deps, {
      username: await freeUsername(deps, identity),
      email: identity.email,
      passwordHash: null,
      emailVerified: true,
      firstName: identity.firstName,
      lastName: identity.lastName,
    });
  }
  if (user.suspended_at !== null) throw new OAuthFailure("account suspended");
  if (!linked) {
    await deps.db
      .insertInto("oauth_account")
      .values({ provider, provider_user_id: identity.subject, user_id: user.id, created_at: deps.now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // Linking only happens on an address the provider vouches for: that is the proof the verification email asks for.
    if (user.email_verified_at === null) await deps.db.updateTable("user").set({ email_verified_at: deps.now(), updated_at: deps.now() }).where("id", "=", user.id).execute();
  }
  return startSession(deps, user, true, userAgent);
}

/** A valid username from the address or the name: letters, digits and underscores, 3–20, digits added when taken. */
async function freeUsername(deps: AppDeps, identity: ProviderIdentity): Promise<string> {
  const source = identity.email?.split("@")[0] || identity.name || "player";
  const base = source
    .normalize("NFD")
    .replace(/[^A-Za-z0-9_]/g, "")
    .slice(0, 16)
    .padEnd(3, "0");
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? base : `${base.slice(0, 20 - String(n).length)}${n}`;
    if (!(await deps.db.selectFrom("user").select("id").where("username", "=", candidate).executeTakeFirst())) return candidate;
  }
  return `player${Date.now().toString(36)}`.slice(0, 20);
}
