import { afterAll, beforeAll, describe, expect, it, spyOn } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Browser, newAccount, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** The last link written in the mail folder for an address (no SMTP in this server: mails are .eml files). */
function lastMailLink(email: string, dataDir = server.dataDir): string {
  const files = readdirSync(join(dataDir, "mail"))
    .filter((f) => f.endsWith(`-${email}.eml`))
    .sort();
  const text = readFileSync(join(dataDir, "mail", files.at(-1)!), "utf8").replace(/=\r?\n/g, "");
  return text.match(/https?:\/\/\S+/)![0];
}

function fieldMessages(body: { errors?: { field: string; msg: string }[] }) {
  return Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.msg]));
}

describe("POST /api/auth/signup", () => {
  it("creates an account and answers the spec's success message", async () => {
    const res = await new Browser(server.url).post("/api/auth/signup", newAccount());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Account created! Please check your email to verify your account." });
  });

  it("reports empty fields with 'Empty Field'", async () => {
    const res = await new Browser(server.url).post("/api/auth/signup", { username: "", email: "", password: "" });
    expect(res.status).toBe(400);
    expect(fieldMessages(res.body)).toEqual({ username: "Empty Field", email: "Empty Field", password: "Empty Field" });
  });

  it("reports missing fields with 'Empty Field'", async () => {
    const res = await new Browser(server.url).post("/api/auth/signup", {});
    expect(fieldMessages(res.body)).toEqual({ username: "Empty Field", email: "Empty Field", password: "Empty Field" });
  });

  it("applies the username, email and password rules of the spec", async () => {
    const browser = new Browser(server.url);
    const short = await browser.post("/api/auth/signup", { username: "ab", email: "not-an-email", password: "1234567" });
    expect(fieldMessages(short.body)).toEqual({
      username: "Username must be at least 3 characters",
      email: "Email not valide",
      password: "Password must be 8 characters longer!",
    });
    const long = await browser.post("/api/auth/signup", { username: "a".repeat(21), email: "x@y.z", password: "12345678" });
    expect(fieldMessages(long.body).username).toBe("Username must be less than 20 characters");
    const twenty = await browser.post("/api/auth/signup", { ...newAccount(), username: `u${"a".repeat(19)}` });
    expect(twenty.status).toBe(200);
  });

  it("answers in French by default", async () => {
    const res = await new Browser(server.url, "").post("/api/auth/signup", { username: "ab", email: "", password: "" });
    expect(fieldMessages(res.body)).toEqual({
      username: "Le nom d'utilisateur doit contenir au moins 3 caractères",
      email: "Champ vide",
      password: "Champ vide",
    });
  });

  it("refuses a username or email already taken, whatever the letter case", async () => {
    const account = newAccount();
    const browser = new Browser(server.url);
    await browser.post("/api/auth/signup", account);
    const res = await browser.post("/api/auth/signup", { ...account, username: account.username.toUpperCase(), email: account.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(fieldMessages(res.body)).toEqual({ username: "This username is already taken.", email: "An account already exists with this email." });
  });

  it("refuses characters that cannot appear in a channel address", async () => {
    const res = await new Browser(server.url).post("/api/auth/signup", { ...newAccount(), username: "bad name!" });
    expect(fieldMessages(res.body).username).toBe("Username can only contain letters, numbers and underscores");
  });
});

describe("email verification", () => {
  it("mails a link that verifies the address once", async () => {
    const account = newAccount();
    const browser = new Browser(server.url);
    await browser.post("/api/auth/signup", account);
    const link = lastMailLink(account.email);
    expect(server.logs.some((line) => line.includes(link))).toBe(true);
    const first = await fetch(link, { redirect: "manual" });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/?verified=true");
    const again = await fetch(link, { redirect: "manual" });
    expect(again.headers.get("location")).toBe("/?verified=false");
    await browser.post("/api/auth/login", { login: account.username, password: account.password });
    expect((await browser.get("/api/auth/me")).body.user.emailVerified).toBe(true);
  });
});

describe("POST /api/auth/login", () => {
  it("logs in by username and by email, case-insensitively, and says when it is the first login", async () => {
    const account = newAccount();
    await new Browser(server.url).post("/api/auth/signup", account);
    const byName = await new Browser(server.url).post("/api/auth/login", { login: account.username.toUpperCase(), password: account.password });
    expect(byName.status).toBe(200);
    expect(byName.body.success).toBe(true);
    expect(byName.body.firstLogin).toBe(true);
    expect(byName.body.user.username).toBe(account.username);
    const byEmail = await new Browser(server.url).post("/api/auth/login", { login: account.email, password: account.password });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.firstLogin).toBe(false);
  });

  it("refuses a wrong password or an unknown user with 'Invalid credentials'", async () => {
    const { account } = await signedInUser(server);
    const wrong = await new Browser(server.url).post("/api/auth/login", { login: account.username, password: "wrong password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, code: "invalid_credentials", msg: "Invalid credentials" });
    const unknown = await new Browser(server.url, "fr").post("/api/auth/login", { login: "nobody_here", password: "whatever123" });
    expect(unknown.body.msg).toBe("Identifiants invalides.");
  });

  it("validates the login as an email when it holds an @, else as a username", async () => {
    const browser = new Browser(server.url);
    expect(fieldMessages((await browser.post("/api/auth/login", { login: "bad@", password: "12345678" })).body).login).toBe("Email not valide");
    expect(fieldMessages((await browser.post("/api/auth/login", { login: "ab", password: "12345678" })).body).login).toBe("Username must be at least 3 characters");
    expect(fieldMessages((await browser.post("/api/auth/login", { login: "", password: "" })).body)).toEqual({ login: "Empty Field", password: "Empty Field" });
  });

  it("sets a 30-day cookie with remember me and a browser-session cookie without", async () => {
    const { account } = await signedInUser(server);
    const remembered = await new Browser(server.url).post("/api/auth/login", { login: account.username, password: account.password, rememberMe: true });
    const cookie = remembered.response.headers.get("set-cookie")!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    const plain = await new Browser(server.url).post("/api/auth/login", { login: account.username, password: account.password });
    const sessionCookie = plain.response.headers.get("set-cookie")!;
    expect(sessionCookie).not.toContain("Max-Age");
    expect(sessionCookie).not.toContain("Expires");
  });

  it("returns the token for Bearer clients only when asked, and the token works as a Bearer header", async () => {
    const { account } = await signedInUser(server);
    const browser = new Browser(server.url);
    const res = await browser.post("/api/auth/login", { login: account.email, password: account.password, returnToken: true });
    expect(typeof res.body.token).toBe("string");
    const me = await new Browser(server.url).get("/api/auth/me", { authorization: `Bearer ${res.body.token}` });
    expect(me.body.user.username).toBe(account.username);
  });
});

describe("login timing", () => {
  it("checks one password hash whether the account exists or not, so the delay gives no account away", async () => {
    const { account } = await signedInUser(server);
    const verify = spyOn(Bun.password, "verify");
    try {
      const checksFor = async (login: string) => {
        verify.mockClear();
        expect((await new Browser(server.url).post("/api/auth/login", { login, password: "not the password" })).status).toBe(401);
        return verify.mock.calls.length;
      };
      expect({ existing: await checksFor(account.username), unknown: await checksFor("nobody_here_42"), unknownEmail: await checksFor("nobody@example.test") }).toEqual({
        existing: 1,
        unknown: 1,
        unknownEmail: 1,
      });
    } finally {
      verify.mockRestore();
    }
  });
});

describe("logout and sessions", () => {
  it("answers 401 on /me when logged out", async () => {
    const res = await new Browser(server.url).get("/api/auth/me");
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthorized");
  });

  it("ends the session on POST, and the old cookie stops working; a GET (an image, a CSS url()) logs nobody out", async () => {
    const { browser } = await signedInUser(server);
    const oldCookie = browser.cookies.get("arena_session")!;
    const refused = await browser.json("GET", "/api/auth/logout");
    expect([refused.status, refused.response.headers.get("allow")]).toEqual([405, "POST"]);
    expect((await browser.get("/api/auth/me")).status).toBe(200);
    const res = await browser.json("POST", "/api/auth/logout");
    expect(res.status).toBe(200);
    expect(browser.cookies.has("arena_session")).toBe(false);
    const replay = await new Browser(server.url).get("/api/auth/me", { cookie: `arena_session=${oldCookie}` });
    expect(replay.status).toBe(401);
  });

  it("stores only a hash of the session id", async () => {
    const { browser } = await signedInUser(server);
    const token = browser.cookies.get("arena_session")!;
    const rows = await server.deps.db.selectFrom("session").select("id_hash").execute();
    expect(rows.some((r) => r.id_hash === token)).toBe(false);
    expect(rows.some((r) => r.id_hash === new Bun.CryptoHasher("sha256").update(token).digest("hex"))).toBe(true);
  });
});

describe("password reset", () => {
  it("answers the same for a known and an unknown address", async () => {
    const { account } = await signedInUser(server);
    const known = await new Browser(server.url).post("/api/auth/reset", { email: account.email });
    const unknown = await new Browser(server.url).post("/api/auth/reset", { email: "nobody@example.test" });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
  });

  it("changes the password with a single-use token and ends every session", async () => {
    const { account, browser } = await signedInUser(server);
    await new Browser(server.url).post("/api/auth/reset", { email: account.email });
    const link = lastMailLink(account.email);
    expect(link).toContain("/new-password/");
    const token = link.split("/new-password/")[1]!;
    const done = await new Browser(server.url).post(`/api/auth/reset/${token}`, { password: "a brand new password" });
    expect(done.status).toBe(200);
    expect((await browser.get("/api/auth/me")).status).toBe(401);
    const reused = await new Browser(server.url).post(`/api/auth/reset/${token}`, { password: "yet another password" });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe("This link is invalid or has expired.");
    const login = await new Browser(server.url).post("/api/auth/login", { login: account.username, password: "a brand new password" });
    expect(login.status).toBe(200);
  });

  it("uses the new-password screen's messages", async () => {
    const browser = new Browser(server.url);
    expect(fieldMessages((await browser.post("/api/auth/reset/whatever", { password: "" })).body).password).toBe("Empty Field");
    expect(fieldMessages((await browser.post("/api/auth/reset/whatever", { password: "short" })).body).password).toBe("You better enter 8 characters longer");
    expect(fieldMessages((await browser.post("/api/auth/reset", { email: "nope" })).body).email).toBe("Email not valide");
  });

  it("refuses an expired token", async () => {
    const { account } = await signedInUser(server);
    await new Browser(server.url).post("/api/auth/reset", { email: account.email });
    const token = lastMailLink(account.email).split("/new-password/")[1]!;
    await server.deps.db
      .updateTable("auth_token")
      .set({ expires_at: Date.now() - 1 })
      .where("purpose", "=", "reset_password")
      .execute();
    const res = await new Browser(server.url).post(`/api/auth/reset/${token}`, { password: "a brand new password" });
    expect(res.status).toBe(400);
  });
});

describe("account changes", () => {
  it("updates the full name", async () => {
    const { browser } = await signedInUser(server);
    const res = await browser.put("/api/auth/fullname", { firstName: " Ada ", lastName: "Lovelace" });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
    const tooLong = await browser.put("/api/auth/fullname", { firstName: "x".repeat(51), lastName: "" });
    expect(fieldMessages(tooLong.body).firstName).toBe("Must be at most 50 characters");
  });

  it("changes the username and refuses one already taken", async () => {
    const { browser } = await signedInUser(server);
    const other = await signedInUser(server);
    const taken = await browser.put("/api/auth/username", { username: other.account.username });
    expect(taken.status).toBe(409);
    expect(fieldMessages(taken.body).username).toBe("This username is already taken.");
    const renamed = newAccount("renamed").username;
    const res = await browser.put("/api/auth/username", { username: renamed });
    expect(res.body.user.username).toBe(renamed);
    expect((await new Browser(server.url).get(`/api/user/${renamed}`)).status).toBe(200);
  });

  it("changes the password, refusing a wrong old password and an unchanged one", async () => {
    const { browser, account } = await signedInUser(server);
    const second = new Browser(server.url);
    await second.post("/api/auth/login", { login: account.username, password: account.password });
    const wrong = await browser.put("/api/auth/password", { oldPassword: "not my password", newPassword: "another password" });
    expect(wrong.status).toBe(400);
    expect(fieldMessages(wrong.body).oldPassword).toBe("Wrong password");
    const same = await browser.put("/api/auth/password", { oldPassword: account.password, newPassword: account.password });
    expect(same.status).toBe(400);
    expect(same.body.msg).toBe("old password and new password are the same");
    const ok = await browser.put("/api/auth/password", { oldPassword: account.password, newPassword: "another password" });
    expect(ok.status).toBe(200);
    expect((await browser.get("/api/auth/me")).status).toBe(200);
    expect((await second.get("/api/auth/me")).status).toBe(401);
  });

  it("needs a session for every change", async () => {
    const visitor = new Browser(server.url);
    expect((await visitor.put("/api/auth/fullname", { firstName: "a", lastName: "b" })).status).toBe(401);
    expect((await visitor.put("/api/auth/username", { username: "someone" })).status).toBe(401);
    expect((await visitor.put("/api/auth/password", { oldPassword: "x", newPassword: "12345678" })).status).toBe(401);
  });
});

describe("public user data", () => {
  it("shows a user without private fields", async () => {
    const { account } = await signedInUser(server);
    const res = await new Browser(server.url).get(`/api/user/${account.username}`);
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe(account.username);
    expect(res.body.user.email).toBeUndefined();
  });

  it("answers 404 for an unknown user", async () => {
    const res = await new Browser(server.url).get("/api/user/nobody_at_all");
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe("User not found");
  });
});

describe("GET /api/auth/options", () => {
  it("says the captcha and both providers are off on a plain server", async () => {
    const res = await new Browser(server.url).get("/api/auth/options");
    expect(res.body).toEqual({ captcha: false, providers: { google: false, facebook: false }, testTopUp: false });
  });
});

describe("API plumbing", () => {
  it("answers JSON 404 for an unknown API path", async () => {
    const res = await new Browser(server.url).get("/api/no/such/thing");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: "not_found" });
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await new Browser(server.url).request("POST", "/api/auth/login", undefined, { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect((await res.json()).success).toBe(false);
  });

  it("publishes the OpenAPI document and a docs page served from local files", async () => {
    const doc = await new Browser(server.url).get("/api/openapi.json");
    expect(doc.body.openapi).toBe("3.1.0");
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(["/auth/signup", "/auth/login", "/auth/me", "/user/{username}"]));
    const page = await fetch(`${server.url}/api/docs`);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect((await fetch(`${server.url}/api/docs/swagger-ui-bundle.js`)).status).toBe(200);
  });
});
