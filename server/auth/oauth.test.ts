import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { type OAuthProvider, type ProviderUser, startServerWithProviders } from "../../tests/fixtures/oauth-provider.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

let provider: OAuthProvider;
let server: TestServer;
let stopAll: () => Promise<void>;
beforeAll(async () => {
  ({ provider, server, stop: stopAll } = await startServerWithProviders());
});
afterAll(() => stopAll?.());

/** Follows the provider's redirects (authorization, its login and consent steps) until it sends the popup back to Arena. */
async function throughProvider(start: string): Promise<URL> {
  const popup = new Browser(""); // its own cookie jar at the provider, like the popup window
  let at = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    const response = await popup.request("GET", at.toString());
    const location = response.headers.get("location");
    if (!location) throw new Error(`the provider answered ${response.status} at ${at.pathname}: ${await response.text()}`);
    at = new URL(location, at);
    if (at.origin === new URL(server.url).origin) return at;
  }
  throw new Error("the provider never sent the popup back to Arena");
}

/** The popup's journey: Arena → provider → Arena's callback. Returns where it ends and the Arena browser. */
async function signIn(name: "google" | "facebook", tamper?: (callback: URL) => void | Promise<void>) {
  const browser = new Browser(server.url);
  const start = await browser.request("GET", `/api/auth/oauth/${name}`);
  expect(start.status).toBe(302);
  const callback = await throughProvider(start.headers.get("location")!);
  await tamper?.(callback);
  const end = await browser.request("GET", callback.pathname + callback.search);
  expect(end.status).toBe(302);
  return { location: end.headers.get("location"), browser, callback };
}

/** Changes what Arena stored when the flow started, as if the start had been different. */
async function storedState(callback: URL, values: { expires_at?: number; code_verifier?: string; nonce?: string }): Promise<void> {
  await server.deps.db.updateTable("oauth_state").set(values).where("state", "=", callback.searchParams.get("state")!).execute();
}

const ada: ProviderUser = { sub: "google-ada", email: "ada@example.test", emailVerified: true, givenName: "Ada", familyName: "Lovelace" };
const failed = "/?oauthsuccess=false&error=oauth_failed";

describe("sign-in with Google (OpenID Connect)", () => {
  it("sends the popup to the provider with a state, a nonce and an S256 PKCE challenge", async () => {
    const start = await new Browser(server.url).request("GET", "/api/auth/oauth/google");
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get("location")!);
    expect(to.origin).toBe(provider.url);
    expect(to.searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/oauth/google/callback`);
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect(to.searchParams.get("code_challenge")).toBeTruthy();
    expect(to.searchParams.get("state")).toBeTruthy();
    expect(to.searchParams.get("nonce")).toBeTruthy();
    expect(to.searchParams.get("scope")).toBe("openid email profile");
  });

  it("creates an account on the first sign-in, marked first login, and /api/auth/me answers it", async () => {
    provider.signInAs(ada);
    const { location, browser } = await signIn("google");
    expect(location).toBe("/?oauthsuccess=true&firstlogin=true");
    expect(browser.cookies.has("arena_session")).toBe(true);
    const me = (await browser.get("/api/auth/me")).body.user;
    expect(me).toMatchObject({ username: "ada", email: "ada@example.test", firstName: "Ada", lastName: "Lovelace", emailVerified: true });
  });

  it("logs the same identity into the same account the next time, without first login", async () => {
    provider.signInAs(ada);
    const first = await signIn("google");
    const id = (await first.browser.get("/api/auth/me")).body.user.id;
    const again = await signIn("google");
    expect(again.location).toBe("/?oauthsuccess=true");
    expect((await again.browser.get("/api/auth/me")).body.user.id).toBe(id);
  });

  it("links an existing account with the same verified address instead of duplicating it", async () => {
    const existing = await signedInUser(server, { email: "grace@example.test" });
    provider.signInAs({ sub: "google-grace", email: "grace@example.test", emailVerified: true, givenName: "Grace", familyName: "Hopper" });
    const { location, browser } = await signIn("google");
    expect(location).toBe("/?oauthsuccess=true");
    const me = (await browser.get("/api/auth/me")).body.user;
    expect(me.id).toBe(existing.user.id);
    expect(me.username).toBe(existing.account.username);
    expect(me.emailVerified).toBe(true);
    const accounts = await server.deps.db.selectFrom("user").select("id").where("email", "=", "grace@example.test").execute();
    expect(accounts).toHaveLength(1);
  });

  it("does not hand an account to an identity whose address the provider has not verified", async () => {
    const existing = await signedInUser(server, { email: "hedy@example.test" });
    provider.signInAs({ sub: "google-not-hedy", email: "hedy@example.test", emailVerified: false, givenName: "Not", familyName: "Hedy" });
    const { location, browser } = await signIn("google");
    expect(location).toBe(failed);
    expect(browser.cookies.has("arena_session")).toBe(false);
    const link = await server.deps.db.selectFrom("oauth_account").selectAll().where("user_id", "=", existing.user.id).executeTakeFirst();
    expect(link).toBeUndefined();
  });

  it("adds digits to the username when the address's name is taken", async () => {
    provider.signInAs({ sub: "google-other-ada", email: "ada@elsewhere.test", emailVerified: true, givenName: "Ada", familyName: "Other" });
    const { location, browser } = await signIn("google");
    expect(location).toBe("/?oauthsuccess=true&firstlogin=true");
    expect((await browser.get("/api/auth/me")).body.user.username).toBe("ada1");
  });

  it("refuses a tampered state and leaves no session", async () => {
    provider.signInAs(ada);
    const tampered = await signIn("google", (callback) => callback.searchParams.set("state", "forged"));
    expect(tampered.location).toBe(failed);
    expect(tampered.browser.cookies.has("arena_session")).toBe(false);
  });

  it("refuses a replayed callback: the state is used once", async () => {
    provider.signInAs(ada);
    const first = await signIn("google");
    expect(first.location).toStartWith("/?oauthsuccess=true");
    const replay = new Browser(server.url);
    const again = await replay.request("GET", first.callback.pathname + first.callback.search);
    expect(again.headers.get("location")).toBe(failed);
    expect(replay.cookies.has("arena_session")).toBe(false);
  });

  it("refuses a state issued for the other provider", async () => {
    provider.signInAs(ada);
    const crossed = await signIn("google", (callback) => {
      callback.pathname = "/api/auth/oauth/facebook/callback";
    });
    expect(crossed.location).toBe(failed);
    expect(crossed.browser.cookies.has("arena_session")).toBe(false);
  });

  it("refuses an expired state", async () => {
    provider.signInAs(ada);
    const late = await signIn("google", (callback) => storedState(callback, { expires_at: Date.now() - 1 }));
    expect(late.location).toBe(failed);
    expect(late.browser.cookies.has("arena_session")).toBe(false);
  });

  it("refuses the code when the PKCE verifier or the ID token's nonce does not match the start", async () => {
    provider.signInAs(ada);
    const otherVerifier = await signIn("google", (callback) => storedState(callback, { code_verifier: "x".repeat(43) }));
    expect(otherVerifier.location).toBe(failed);
    const otherNonce = await signIn("google", (callback) => storedState(callback, { nonce: "not-the-nonce-sent" }));
    expect(otherNonce.location).toBe(failed);
    expect(otherNonce.browser.cookies.has("arena_session")).toBe(false);
  });

  it("reports the provider's refusal as a failure", async () => {
    provider.signInAs(ada);
    const denied = await signIn("google", (callback) => {
      callback.searchParams.delete("code");
      callback.searchParams.set("error", "access_denied");
    });
    expect(denied.location).toBe(failed);
    expect(denied.browser.cookies.has("arena_session")).toBe(false);
  });

  it("gives no session to a suspended account", async () => {
    provider.signInAs({ sub: "google-mallory", email: "mallory@example.test", emailVerified: true, givenName: "Mallory", familyName: "M" });
    const first = await signIn("google");
    const id = (await first.browser.get("/api/auth/me")).body.user.id as number;
    await server.deps.db.updateTable("user").set({ suspended_at: Date.now() }).where("id", "=", id).execute();
    const suspended = await signIn("google");
    expect(suspended.location).toBe(failed);
    expect(suspended.browser.cookies.has("arena_session")).toBe(false);
  });
});

describe("sign-in with Facebook (OAuth 2 and the Graph profile)", () => {
  it("asks for no ID token, and creates the account from the profile", async () => {
    const start = await new Browser(server.url).request("GET", "/api/auth/oauth/facebook");
    const to = new URL(start.headers.get("location")!);
    expect(to.searchParams.get("scope")).toBe("email public_profile");
    expect(to.searchParams.has("nonce")).toBe(false);
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");

    provider.signInAs({ sub: "fb-1001", email: "linus@example.test", emailVerified: true, givenName: "Linus", familyName: "Torvalds" });
    const { location, browser } = await signIn("facebook");
    expect(location).toBe("/?oauthsuccess=true&firstlogin=true");
    expect((await browser.get("/api/auth/me")).body.user).toMatchObject({ username: "linus", email: "linus@example.test", firstName: "Linus", lastName: "Torvalds" });
    expect((await browser.get("/api/auth/options")).body.providers).toEqual({ google: true, facebook: true });
  });

  it("links the Facebook identity to the account Google created for the same address", async () => {
    provider.signInAs(ada);
    const google = await signIn("google");
    const id = (await google.browser.get("/api/auth/me")).body.user.id;
    provider.signInAs({ ...ada, sub: "fb-ada" });
    const facebook = await signIn("facebook");
    expect(facebook.location).toBe("/?oauthsuccess=true");
    expect((await facebook.browser.get("/api/auth/me")).body.user.id).toBe(id);
  });
});

describe("a provider that is not configured", () => {
  it("answers 404 with oauth_not_configured", async () => {
    const plain = await startTestServer();
    try {
      for (const name of ["google", "facebook"]) {
        const res = await new Browser(plain.url).get(`/api/auth/oauth/${name}`);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe("oauth_not_configured");
      }
    } finally {
      await plain.stop();
    }
  });
});
