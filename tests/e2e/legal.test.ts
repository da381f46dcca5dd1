import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync } from "node:fs";
import type { Browser as Chromium, Page } from "playwright-core";
import { legalTexts } from "../../db/seed/legal-texts.ts";
import { DEFAULT_CLIENT_DIST } from "../../server/config.ts";
import { LEGAL_TYPES } from "../../server/legal/schemas.ts";
import { launchChromium } from "../fixtures/chromium.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../fixtures/server.ts";

const ADMIN = { ADMIN_USERNAME: "root_admin", ADMIN_EMAIL: "root@example.test", ADMIN_PASSWORD: "admin password 1" };

let server: TestServer;
let chromium: Chromium;
let admin: Browser;
beforeAll(async () => {
  if (!existsSync(`${DEFAULT_CLIENT_DIST}/index.html`)) throw new Error("The web app is not built: run ./scripts/test (it builds it) or bun run build.");
  server = await startTestServer(ADMIN);
  chromium = await launchChromium();
  admin = new Browser(server.url);
  const login = await admin.post("/api/auth/login", { login: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD });
  if (login.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(login.body)}`);
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** A fresh page with the cookie banner already answered, in the given interface language. */
async function openPage(lang: "fr" | "en" = "fr", width = 1440): Promise<Page> {
  const context = await chromium.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((language) => {
    localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false, preferences: false, timestamp: 0 }));
    localStorage.setItem("language", language);
  }, lang);
  return context.newPage();
}

async function close(page: Page) {
  await page.context().close();
}

const longDate = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(iso));

describe("the legal viewer", () => {
  it("shows each document with its title, French long date, version and contact", async () => {
    const page = await openPage("fr");
    for (const type of LEGAL_TYPES) {
      const { data } = (await new Browser(server.url, "fr").get(`/api/legal/${type}`)).body;
      await page.goto(`${server.url}/legal/${type}`);
      await page.getByRole("heading", { level: 1, name: legalTexts[type].fr.title }).waitFor();
      const time = page.locator(".legal-meta time");
      expect(await time.textContent()).toBe(longDate(data.updated_at, "fr-FR"));
      expect(await time.textContent()).toMatch(/^\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/);
      expect(await time.getAttribute("datetime")).toBe(data.updated_at);
      await page.getByText(`Version ${data.version}`).waitFor();
      await page.getByRole("link", { name: data.contact.email }).waitFor();
      await page.getByText(data.contact.address).waitFor();
      expect(await page.locator(".legal-content h2").count()).toBeGreaterThan(2);
    }
    await close(page);
  });

  it("speaks English with an English long date when the interface is in English", async () => {
    const page = await openPage("en");
    await page.goto(`${server.url}/legal/rgpd`);
    await page.getByRole("heading", { level: 1, name: "Privacy policy (GDPR)" }).waitFor();
    const { data } = (await new Browser(server.url, "en").get("/api/legal/rgpd")).body;
    expect(await page.locator(".legal-meta time").textContent()).toBe(longDate(data.updated_at, "en-GB"));
    await page.getByText("Updated on").waitFor();
    await close(page);
  });

  it("shows the rgpd document on /privacy-policy, without the sidebar", async () => {
    const page = await openPage("fr");
    await page.goto(`${server.url}/privacy-policy`);
    await page.getByRole("heading", { level: 1, name: legalTexts.rgpd.fr.title }).waitFor();
    await page.getByText("Version 1").waitFor();
    expect(await page.locator(".sidebar").count()).toBe(0);
    await close(page);
  });

  it("never runs what an admin's text smuggles in", async () => {
    const content = [
      "<h2>Éditeur du service</h2>",
      '<p onclick="window.__pwned=1" class="lead">Arena SARL, 12 rue des Joueurs, Casablanca</p>',
      "<script>window.__pwned=1</script>",
      '<img src=x onerror="window.__pwned=1">',
      '<a href="javascript:window.__pwned=1">lien piégé</a>',
    ].join("");
    const put = await admin.put("/api/legal/mentions-legales", { lang: "fr", title: "Mentions légales", content });
    expect(put.status).toBe(200);
    expect(put.body.data.version).toBe(2);

    const page = await openPage("fr");
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${server.url}/legal/mentions-legales`);
    await page.getByText("Arena SARL, 12 rue des Joueurs, Casablanca").waitFor();
    await page.getByText("Version 2").waitFor();
    const article = page.locator(".legal-content");
    expect(await article.locator("script, img, iframe, [onclick], [onerror]").count()).toBe(0);
    expect(await article.innerHTML()).not.toContain("javascript:");
    await page.getByText("Arena SARL, 12 rue des Joueurs, Casablanca").click();
    await page.getByText("lien piégé").click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await close(page);
  });

  it("sanitises again in the browser when an answer carries raw HTML", async () => {
    const page = await openPage("fr");
    await page.route("**/api/legal/faq", (route) =>
      route.fulfill({
        json: {
          success: true,
          data: {
            title: "FAQ brute",
            content:
              '<p onclick="window.__pwned=1" data-x="1" style="color:red">Texte sûr</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=1"><svg onload="window.__pwned=1"></svg><a href="javascript:window.__pwned=1" target="_blank">lien</a>',
            updated_at: "2026-11-22T10:00:00.000Z",
            version: 7,
            contact: { email: "a@b.test", phone: "", address: "" },
          },
        },
      }),
    );
    await page.goto(`${server.url}/legal/faq`);
    await page.getByText("Texte sûr").waitFor();
    expect(await page.locator(".legal-content").innerHTML()).toBe('<p>Texte sûr</p><a target="_blank" rel="noopener noreferrer">lien</a>');
    expect(await page.locator(".legal-meta time").textContent()).toBe("22 novembre 2026");
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await close(page);
  });

  it("says the content is unavailable when the text is empty", async () => {
    await admin.put("/api/legal/faq", { lang: "en", title: "FAQ", content: "<script>nothing left</script>" });
    const page = await openPage("en");
    await page.goto(`${server.url}/legal/faq`);
    await page.getByText("This content is not available yet. Please come back later.").waitFor();
    await page.getByRole("heading", { level: 1, name: "FAQ" }).waitFor();
    await close(page);
  });

  it("shows the error state for an unknown type", async () => {
    const page = await openPage("fr");
    await page.goto(`${server.url}/legal/conditions-secretes`);
    const alert = page.getByRole("alert");
    await alert.getByRole("heading", { name: "Impossible d'afficher ce document" }).waitFor();
    await alert.getByText("Type de document inconnu : « conditions-secretes ».").waitFor();
    await alert.getByRole("link", { name: "Retour à l'accueil" }).waitFor();
    await close(page);
  });

  it("shows the error state for a failed call and for an answer of the wrong shape", async () => {
    const page = await openPage("en");
    await page.route("**/api/legal/cgu", (route) => route.fulfill({ status: 500, json: { success: false, code: "internal", msg: "Internal server error." } }));
    await page.goto(`${server.url}/legal/cgu`);
    await page.getByRole("alert").getByText("Internal server error.").waitFor();
    await page.getByRole("heading", { name: "This document cannot be shown" }).waitFor();

    await page.route("**/api/legal/rgpd", (route) => route.fulfill({ json: { success: true } }));
    await page.goto(`${server.url}/legal/rgpd`);
    await page.getByRole("alert").getByText("The server's answer does not have the expected format.").waitFor();
    await close(page);
  });
});

describe("/terms-and-conditions", () => {
  it("shows every section of the spec with a table of contents", async () => {
    const page = await openPage("fr");
    await page.goto(`${server.url}/terms-and-conditions`);
    await page.getByRole("heading", { level: 1, name: "Conditions générales" }).waitFor();
    const sections = [
      "Conditions générales",
      "Licence",
      "Définitions",
      "Restrictions",
      "Retours et remboursements",
      "Cookies",
      "Résiliation",
      "Limitation de responsabilité",
      "Règlement des litiges et arbitrage",
      "Délai de réclamation",
      "Modification des conditions",
      "Nous contacter",
    ];
    const contents = page.getByRole("navigation", { name: "Sommaire" });
    expect(await contents.getByRole("link").allTextContents()).toEqual(sections);
    for (const name of sections) await page.getByRole("region", { name: new RegExp(name) }).waitFor();
    const text = await page.locator(".legal-content").textContent();
    expect(text).toContain("au moins 60 jours");
    expect(text).toContain("un (1) an");
    expect(text).toContain("au moins 30 jours avant");
    expect(text).toContain("établi au Maroc");
    await contents.getByRole("link", { name: "Délai de réclamation" }).click();
    expect(page.url()).toEndWith("#terms-claims");
    await close(page);
  });

  it("is in English too", async () => {
    const page = await openPage("en", 375);
    await page.goto(`${server.url}/terms-and-conditions`);
    await page.getByRole("heading", { level: 1, name: "Terms and conditions" }).waitFor();
    await page
      .getByRole("region", { name: /Dispute resolution and arbitration/ })
      .getByText(/at least 60 days/)
      .waitFor();
    await page
      .getByRole("region", { name: /Time limit on claims/ })
      .getByText(/one \(1\) year/)
      .waitFor();
    await close(page);
  });
});

describe("/how-to-stream", () => {
  it("has three steps, three broadcaster cards with safe external links, and local screenshots", async () => {
    const page = await openPage("fr");
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith("data:")) foreign.push(request.url());
    });
    await page.goto(`${server.url}/how-to-stream`);
    for (const name of ["Téléchargez un logiciel de diffusion", "Configurez-le", "Lancez le live"]) await page.getByRole("region", { name }).waitFor();
    expect(await page.locator("main > section").count()).toBe(3);

    const cards = page.getByRole("article");
    expect(await cards.count()).toBe(3);
    expect(await cards.getByRole("heading").allTextContents()).toEqual(["OBS Studio", "Streamlabs Desktop", "XSplit Broadcaster"]);
    for (const card of await cards.all()) {
      for (const link of [card.getByRole("link", { name: /^Guide/ }), card.getByRole("link", { name: /^Télécharger/ })]) {
        expect(await link.getAttribute("href")).toMatch(/^https:\/\/(obsproject\.com|streamlabs\.com|www\.xsplit\.com)\//);
        expect(await link.getAttribute("target")).toBe("_blank");
        expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
      }
    }

    const text = await page.locator("main").textContent();
    expect(text).toContain("« Lancer un live »");
    expect(text).toContain("« Personnalisé… »");
    expect(text).toContain("intervalle d'images clés sur 1 s");
    expect(text).toMatch(/6\s000 kb\/s/);

    const images = page.locator("main img");
    expect(await images.count()).toBe(3);
    for (const image of await images.all()) {
      expect(await image.getAttribute("src")).toMatch(/^\/how-to-stream\/[\w-]+-fr\.svg$/);
      expect((await image.getAttribute("alt"))!.length).toBeGreaterThan(40);
      await image.scrollIntoViewIfNeeded();
      await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await image.elementHandle());
    }
    expect(foreign).toEqual([]);
    await close(page);
  });

  it("opens the go-live panel for a logged-in user and the auth modal for a visitor", async () => {
    const visitor = await openPage("fr");
    await visitor.goto(`${server.url}/how-to-stream`);
    await visitor.getByRole("button", { name: "Ouvrir « Lancer un live »" }).click();
    await visitor.getByRole("dialog", { name: "Rejoindre Arena" }).waitFor();
    await close(visitor);

    const { browser: api, user } = await signedInUser(server);
    const page = await openPage("fr");
    await page.context().addCookies([{ name: "arena_session", value: api.cookies.get("arena_session")!, url: server.url }]);
    await page.context().addInitScript((session) => localStorage.setItem("session", session), JSON.stringify({ user, isLoggedIn: true }));
    await page.goto(`${server.url}/how-to-stream`);
    await page.getByRole("button", { name: "Ouvrir « Lancer un live »" }).click();
    await page.getByRole("dialog", { name: "Lancer un live" }).waitFor();
    await close(page);
  });

  it("uses English screenshots and texts in English", async () => {
    const page = await openPage("en", 375);
    await page.goto(`${server.url}/how-to-stream`);
    await page.getByRole("region", { name: "Set it up" }).waitFor();
    expect(await page.locator("main img").first().getAttribute("src")).toBe("/how-to-stream/obs-stream-settings-en.svg");
    expect(await page.getByRole("link", { name: /^Download/ }).count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await close(page);
  });
});
