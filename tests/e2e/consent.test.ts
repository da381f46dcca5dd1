import { describe, expect, it } from "bun:test";
import { useServerAndBrowser } from "../fixtures/e2e.ts";

const env = useServerAndBrowser();

const stored = (page: import("playwright-core").Page) => page.evaluate(() => JSON.parse(localStorage.getItem("cookieConsent") ?? "null"));

describe("cookie consent", () => {
  for (const [button, expected] of [
    ["Tout accepter", { necessary: true, analytics: true, marketing: true, preferences: true }],
    ["Refuser", { necessary: true, analytics: false, marketing: false, preferences: false }],
  ] as const) {
    it(`stores the choice of "${button}" with a timestamp and does not ask again`, async () => {
      const context = await env.browser.newContext();
      const page = await context.newPage();
      await page.goto(env.server.url);
      const banner = page.getByRole("region", { name: "Consentement aux cookies" });
      await banner.waitFor();
      await banner.getByRole("button", { name: button, exact: true }).click();
      await banner.waitFor({ state: "detached" });
      const consent = await stored(page);
      expect(consent).toMatchObject(expected);
      expect(typeof consent.timestamp).toBe("number");
      await page.reload();
      await page.getByRole("heading", { name: "Bienvenue sur Arena" }).waitFor();
      expect(await page.getByRole("region", { name: "Consentement aux cookies" }).count()).toBe(0);
      await context.close();
    });
  }

  it("customizes: necessary locked on, the rest as chosen", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(env.server.url);
    await page.getByRole("button", { name: "Personnaliser" }).click();
    const dialog = page.getByRole("dialog", { name: "Préférences de cookies" });
    expect(await dialog.getByRole("switch", { name: "Nécessaires" }).isDisabled()).toBe(true);
    await dialog.getByRole("switch", { name: "Préférences" }).click();
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    expect(await stored(page)).toMatchObject({ necessary: true, analytics: false, marketing: false, preferences: true });
    await context.close();
  });

  it("saves on /settings/cookies and shows the confirmation for 3 seconds", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.server.url}/settings/cookies`);
    await page.getByRole("switch", { name: "Mesure d'audience" }).click();
    await page.getByRole("button", { name: "Enregistrer les préférences" }).click();
    const saved = page.getByRole("status").filter({ hasText: "Vos préférences sont enregistrées." });
    await saved.waitFor();
    const shownAt = Date.now();
    expect(await stored(page)).toMatchObject({ analytics: true, marketing: false });
    await saved.waitFor({ state: "detached", timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    await context.close();
  });
});
