import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";
import { DEFAULT_CLIENT_DIST } from "../../server/config.ts";
import { launchChromium } from "../fixtures/chromium.ts";
import { startTestServer, type TestServer } from "../fixtures/server.ts";

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  if (!existsSync(`${DEFAULT_CLIENT_DIST}/index.html`)) throw new Error("The web app is not built: run ./scripts/test (it builds it) or bun run build.");
  server = await startTestServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the built web app", () => {
  it("is served by the same process, in French by default", async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByRole("heading", { name: "Bienvenue sur Arena" }).waitFor();
    await page.getByRole("button", { name: "Connexion" }).waitFor();
    await page.close();
  });

  it("answers a client-side route with the app and draws its 404 page", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(200);
    await page.getByRole("link", { name: "Retour à l'accueil" }).waitFor();
    await page.close();
  });

  it("sends the security headers, and its policy lets the page's own theme script run and nothing break", async () => {
    const response = await fetch(server.url);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self' 'sha256-");
    expect(policy.split("; ").find((directive) => directive.startsWith("script-src"))).not.toContain("unsafe-inline");
    expect(policy).toContain("frame-ancestors 'self'");
    expect([response.headers.get("x-content-type-options"), response.headers.get("referrer-policy")]).toEqual(["nosniff", "strict-origin-when-cross-origin"]);
    expect(response.headers.get("strict-transport-security")).toBeNull(); // plain http: no HSTS
    const page = await browser.newPage({ colorScheme: "light" });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(server.url);
    await page.getByRole("heading", { name: "Bienvenue sur Arena" }).waitFor();
    // Chromium logs every blocked script, worker or request: the inline theme script is allowed by its hash.
    expect(violations).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await page.close();
  });
});
