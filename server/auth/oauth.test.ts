import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { startOAuthProvider } from "../../tests/fixtures/oauth-provider.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

const provider = startOAuthProvider({ "arena-google": "google-secret", "arena-facebook": "facebook-secret" });
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    OAUTH_GOOGLE_CLIENT_ID: "arena-google",
    OAUTH_GOOGLE_CLIENT_SECRET: "google-secret",
    OAUTH_GOOGLE_ISSUER: provider.url,
    OAUTH_FACEBOOK_CLIENT_ID: "arena-facebook",
    OAUTH_FACEBOOK_CLIENT_SECRET: "facebook-secret",
    OAUTH_FACEBOOK_AUTH_URL: `${provider.url}/authorize`,
    OAUTH_FACEBOOK_TOKEN_URL: `${provider.url}/token`,
    OAUTH_FACEBOOK_USERINFO_URL: `${provider.url}/userinfo`,
  });
  for (const name of ["google", "facebook"]) provider.allowRedirect(`${server.url}/api/auth/oauth/${name}/callback`);
});
afterAll(async () => {
  await server.stop();
  provider.stop();
});

/** The popup's journey: Arena → provider → Arena's callback; returns where it ends and the browser. */
async function signIn(name: "google" | "facebook", tamper?: (callback: URL) => void) {
  const browser = new Browser(server.url);
  const start = await browser.request("GET", `/api/auth/oauth/${name}`);
  expect(start.status).toBe(302);
  const atProvider = await fetch(start.headers.get("location")!, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get("location")!);
  tamper?.(callback);
  const end = await browser.request("GET", callback.pathname + callback.search);
  return { location: end.headers.get("location"), browser };
}

const ada = { sub: "google-ada", email: "ada@example.test", emailVerified: true, givenName: "Ada", familyName: "Lovelace" };

describe("sign-in with Google (OpenID Connect)", () => {
  it("creates an account on the first sign-in and logs into it afterwards", async () => {
    provider.signInAs(ada);
    const first = await signIn("google");
    expect(first.location).toBe("/?oauthsuccess=true&firstlogin=true");
    const me = (await first.browser.get("/api/auth/me")).body.user;
    expect(me).toMatchObject({ username: "ada", email: "ada@example.test", firstName: "Ada", lastName: "Lovelace", emailVerified: true });
    const again = await signIn("google");
    expect(again.location).toBe("/?oauthsuccess=true");
    expect((await again.browser.get("/api/auth/me")).body.user.id).toBe(me.id);
  });

  it("links an existing account with the same verified address instead of duplicating it", async () => {
    const existing = await signedInUser(server, { email: "grace@example.test" });
    provider.signInAs({ sub: "google-grace", email: "grace@example.test", emailVerified: true, givenName: "Grace", familyName: "Hopper" });
    const { location, browser } = await signIn("google");
    expect(location).toBe("/?oauthsuccess=true");
    expect((await browser.get("/api/auth/me")).body.user.id).toBe(existing.user.id);
  });

  it("refuses a tampered or replayed state, and leaves no session", async () => {
    provider.signInAs(ada);
    const tampered = await signIn("google", (callback) => callback.searchParams.set("state", "forged"));
    expect(tampered.location).toBe("/?oauthsuccess=false&error=oauth_failed");
    expect(tampered.browser.cookies.has("arena_session")).toBe(false);

    const browser = new Browser(server.url);
    const start = await browser.request("GET", "/api/auth/oauth/google");
    const callback = new URL((await fetch(start.headers.get("location")!, { redirect: "manual" })).headers.get("location")!);
    expect((await browser.request("GET", callback.pathname + callback.search)).headers.get("location")).toStartWith("/?oauthsuccess=true");
    const replay = new Browser(server.url);
    expect((await replay.request("GET", callback.pathname + callback.search)).headers.get("location")).toBe("/?oauthsuccess=false&error=oauth_failed");
    expect(replay.cookies.has("arena_session")).toBe(false);
  });
});

describe("sign-in with Facebook (OAuth 2 and userinfo)", () => {
  it("creates the account from the profile", async () => {
    provider.signInAs({ sub: "fb-1001", email: "linus@example.test", emailVerified: true, givenName: "Linus", familyName: "T" });
    const { location, browser } = await signIn("facebook");
    expect(location).toBe("/?oauthsuccess=true&firstlogin=true");
    expect((await browser.get("/api/auth/me")).body.user).toMatchObject({ username: "linus", email: "linus@example.test" });
    expect((await browser.get("/api/auth/options")).body.providers).toEqual({ google: true, facebook: true });
  });
});

describe("a provider that is not configured", () => {
  it("answers 404 with oauth_not_configured", async () => {
    const plain = await startTestServer();
    try {
      const res = await new Browser(plain.url).get("/api/auth/oauth/google");
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("oauth_not_configured");
    } finally {
      await plain.stop();
    }
  });
});
