import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { Browser, newAccount, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { latestMailLink } from "../../tests/fixtures/mail.ts";
import { lockoutPolicy } from "./lockout.ts";
import { limits } from "./service.ts";

describe("rate limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("limits reset requests per account", async () => {
    const { account } = await signedInUser(server);
    const statuses = [];
    for (let i = 0; i <= limits.resetPerAccount.max; i++) {
      statuses.push((await new Browser(server.url).post("/api/auth/reset", { email: account.email })).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("limits login attempts per address across accounts", async () => {
    // Bring the address close to its limit directly: hundreds of real attempts would only slow the test.
    await server.deps.db
      .updateTable("rate_limit")
      .set({ count: limits.loginPerAddress.max - 1 })
      .where("key", "like", "login:ip:%")
      .execute();
    expect((await new Browser(server.url).post("/api/auth/login", { login: "someone", password: "whatever123" })).status).toBe(401);
    const res = await new Browser(server.url).post("/api/auth/login", { login: "someone_else", password: "whatever123" });
    expect(res.status).toBe(429);
  });
});

describe("lockout by account and address", () => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a trusted proxy the address comes from X-Forwarded-For, so one test can play several machines.
    server = await startTestServer({ TRUST_PROXY: "on" });
  });
  afterAll(() => server.stop());

  const from = (address: string) => ({ "x-forwarded-for": address });
  const attempt = (login: string, password: string, address: string) => new Browser(server.url).post("/api/auth/login", { login, password }, from(address));
  async function failFreely(logins: string[], address: string) {
    for (let i = 0; i < lockoutPolicy.freeFailures; i++) expect((await attempt(logins[i % logins.length]!, "wrong password", address)).status).toBe(401);
  }

  it("locks the guessing address, with the time to wait, and never the owner on another address", async () => {
    const { account } = await signedInUser(server);
    await failFreely([account.username], "203.0.113.1");
    const locked = await attempt(account.username, account.password, "203.0.113.1");
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("too_many_requests");
    expect(locked.body.msg).toMatch(/^Too many attempts\. Try again in \d+ min\.$/);
    expect(Number(locked.response.headers.get("retry-after"))).toBe(lockoutPolicy.firstLockMs / 1000);
    expect((await attempt(account.username, account.password, "198.51.100.7")).status).toBe(200);
  });

  it("takes the address an appending proxy saw: a client writing its own X-Forwarded-For is locked all the same (issue 34, item 18)", async () => {
    const { account } = await signedInUser(server);
    // What Caddy, Traefik or nginx's $proxy_add_x_forwarded_for pass on: the client's own header, then the address they saw.
    const forged = (n: number) => `10.${n}.0.1, 198.51.100.77`;
    for (let i = 0; i < lockoutPolicy.freeFailures; i++) expect((await attempt(account.username, "wrong password", forged(i))).status).toBe(401);
    expect((await attempt(account.username, account.password, forged(99))).status).toBe(429);
    expect((await attempt(account.username, account.password, "203.0.113.200")).status).toBe(200);
  });

  it("counts the username and the email of one account together", async () => {
    const { account } = await signedInUser(server);
    await failFreely([account.username, account.email.toUpperCase()], "203.0.113.2");
    expect((await attempt(account.email, account.password, "203.0.113.2")).status).toBe(429);
    expect((await attempt(account.username, account.password, "203.0.113.2")).status).toBe(429);
  });

  it("doubles the wait with each failure after the lock", async () => {
    const { account } = await signedInUser(server);
    await failFreely([account.username], "203.0.113.3");
    const waits = [];
    for (let round = 0; round < 3; round++) {
      // The lock has run out: move the last failure back past it instead of waiting.
      const row = await server.deps.db.selectFrom("login_failure").select("last_failed_at").where("address", "=", "203.0.113.3").executeTakeFirstOrThrow();
      await server.deps.db
        .updateTable("login_failure")
        .set({ last_failed_at: row.last_failed_at - lockoutPolicy.longestLockMs })
        .where("address", "=", "203.0.113.3")
        .execute();
      expect((await attempt(account.username, "wrong again", "203.0.113.3")).status).toBe(401);
      waits.push(Number((await attempt(account.username, account.password, "203.0.113.3")).response.headers.get("retry-after")));
    }
    const first = lockoutPolicy.firstLockMs / 1000;
    expect(waits).toEqual([first * 2, first * 4, first * 8]);
  });

  it("lets the owner back in from the guessing address through a reset link", async () => {
    const { account } = await signedInUser(server);
    await failFreely([account.username], "203.0.113.4");
    expect((await attempt(account.username, account.password, "203.0.113.4")).status).toBe(429);
    expect((await new Browser(server.url).post("/api/auth/reset", { email: account.email }, from("203.0.113.4"))).status).toBe(200);
    const token = latestMailLink(server.dataDir, account.email, "/new-password/").split("/new-password/")[1]!;
    const newPassword = "A brand new passphrase 42";
    expect((await new Browser(server.url).post(`/api/auth/reset/${token}`, { password: newPassword }, from("203.0.113.4"))).status).toBe(200);
    expect((await attempt(account.username, newPassword, "203.0.113.4")).status).toBe(200);
  });

  it("locks an unknown name exactly like a known one, so the lock tells nobody who exists", async () => {
    await failFreely(["nobody_here_at_all"], "203.0.113.5");
    const res = await attempt("nobody_here_at_all", "whatever123", "203.0.113.5");
    expect(res.status).toBe(429);
    expect(res.response.headers.get("retry-after")).toBe(String(lockoutPolicy.firstLockMs / 1000));
  });
});

describe("captcha", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CAPTCHA: "on", CAPTCHA_COMPLEXITY: "1000" });
  });
  afterAll(() => server.stop());

  async function solvedToken(browser: Browser): Promise<string> {
    const { body } = await browser.get("/api/auth/captcha");
    expect(body.enabled).toBe(true);
    const challenge = body.challenge as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  }

  it("requires a captcha to log in", async () => {
    const account = newAccount();
    const browser = new Browser(server.url);
    await browser.post("/api/auth/signup", account);
    const res = await browser.post("/api/auth/login", { login: account.username, password: account.password });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "captchaToken", code: "captcha_required", msg: "Captcha is required" }]);
  });

  it("accepts a solved challenge once", async () => {
    const account = newAccount();
    const browser = new Browser(server.url);
    await browser.post("/api/auth/signup", account);
    const captchaToken = await solvedToken(browser);
    const ok = await browser.post("/api/auth/login", { login: account.username, password: account.password, captchaToken });
    expect(ok.status).toBe(200);
    const replay = await new Browser(server.url).post("/api/auth/login", { login: account.username, password: account.password, captchaToken });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("captcha_invalid");
  });

  it("refuses a forged solution", async () => {
    const account = newAccount();
    const browser = new Browser(server.url);
    await browser.post("/api/auth/signup", account);
    const { body } = await browser.get("/api/auth/captcha");
    const forged = Buffer.from(JSON.stringify({ challenge: body.challenge, solution: { counter: 1, derivedKey: "00" } })).toString("base64");
    const res = await browser.post("/api/auth/login", { login: account.username, password: account.password, captchaToken: forged });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("captcha_invalid");
  });

  it("says the captcha is off on a server without it", async () => {
    const plain = await startTestServer();
    try {
      expect((await new Browser(plain.url).get("/api/auth/captcha")).body).toEqual({ enabled: false });
    } finally {
      await plain.stop();
    }
  });
});
