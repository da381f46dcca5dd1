import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { Browser, newAccount, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { limits } from "./service.ts";

describe("rate limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("locks an account after repeated wrong passwords, even with the right one, and tells when to retry", async () => {
    const { account } = await signedInUser(server);
    for (let i = 0; i < limits.loginFailuresPerAccount.max; i++) {
      const res = await new Browser(server.url).post("/api/auth/login", { login: account.username, password: "wrong password" });
      expect(res.status).toBe(401);
    }
    const locked = await new Browser(server.url).post("/api/auth/login", { login: account.username, password: account.password });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("too_many_requests");
    expect(locked.body.msg).toMatch(/^Too many attempts\. Try again in \d+ min\.$/);
    expect(Number(locked.response.headers.get("retry-after"))).toBeGreaterThan(0);
  });

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
    await server.deps.db.updateTable("rate_limit").set({ count: limits.loginPerAddress.max - 1 }).where("key", "like", "login:ip:%").execute();
    expect((await new Browser(server.url).post("/api/auth/login", { login: "someone", password: "whatever123" })).status).toBe(401);
    const res = await new Browser(server.url).post("/api/auth/login", { login: "someone_else", password: "whatever123" });
    expect(res.status).toBe(429);
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
