import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";
import { CLIENT_DIST } from "../../server/app.ts";
import { launchChromium } from "../fixtures/chromium.ts";
import { startTestServer, type TestServer } from "../fixtures/server.ts";

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  if (!existsSync(`${CLIENT_DIST}/index.html`)) throw new Error("The web app is not built: run ./scripts/test (it builds it) or bun run build.");
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
});
