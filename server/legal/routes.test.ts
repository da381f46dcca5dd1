import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { defaultContact, legalTexts } from "../../db/seed/legal-texts.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { LEGAL_TYPES } from "./schemas.ts";

const ADMIN = { ADMIN_USERNAME: "root_admin", ADMIN_EMAIL: "root@example.test", ADMIN_PASSWORD: "admin password 1" };

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer(ADMIN);
  admin = new Browser(server.url);
  const login = await admin.post("/api/auth/login", { login: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD });
  if (login.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(login.body)}`);
});
afterAll(() => server.stop());

describe("GET /api/legal/{type}", () => {
  for (const type of LEGAL_TYPES) {
    for (const lang of ["fr", "en"] as const) {
      it(`answers the ${type} document in ${lang} with the spec's shape`, async () => {
        const res = await new Browser(server.url, lang).get(`/api/legal/${type}`);
        expect(res.status).toBe(200);
        expect(res.body.success).toBe(true);
        const data = res.body.data;
        expect(data).toMatchObject({ type, lang, title: legalTexts[type][lang].title, content: legalTexts[type][lang].content, version: 1 });
        expect(new Date(data.updated_at).toISOString()).toBe(data.updated_at);
        expect(Object.keys(data.contact).sort()).toEqual(["address", "email", "phone"]);
        expect(data.contact.email).toContain("@");
        expect(data.content.length).toBeGreaterThan(500);
      });
    }
  }

  it("answers in French when the request names no language or another one", async () => {
    const none = await new Browser(server.url, "").get("/api/legal/cgu");
    expect(none.body.data.title).toBe("Conditions générales d'utilisation");
    const german = await new Browser(server.url, "de-DE,de;q=0.9").get("/api/legal/cgu");
    expect(german.body.data.lang).toBe("fr");
  });

  it("lets ?lang= override the request's language", async () => {
    const res = await new Browser(server.url, "fr").get("/api/legal/faq?lang=en");
    expect(res.body.data.title).toBe("Frequently asked questions");
  });

  it("answers 404 in JSON for an unknown type", async () => {
    const res = await new Browser(server.url, "en").get("/api/legal/privacy");
    expect(res.status).toBe(404);
    expect(res.response.headers.get("content-type")).toContain("application/json");
    expect(res.body).toEqual({ success: false, code: "not_found", msg: "Not found", errorMessage: "Not found" });
  });
});

describe("GET /api/legal/all", () => {
  it("lists every type once, in order, in the request's language", async () => {
    const res = await new Browser(server.url, "en").get("/api/legal/all");
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((d: { type: string }) => d.type)).toEqual([...LEGAL_TYPES]);
    expect(res.body.data.map((d: { title: string }) => d.title)).toEqual(LEGAL_TYPES.map((type) => legalTexts[type].en.title));
  });

  it("is French by default", async () => {
    const res = await new Browser(server.url, "").get("/api/legal/all");
    expect(res.body.data.every((d: { lang: string }) => d.lang === "fr")).toBe(true);
  });
});

describe("PUT /api/legal/{type}", () => {
  const hostile = [
    "<h2>Éditeur</h2>",
    '<p onclick="window.__pwned=1" class="lead">Arena SARL, Casablanca</p>',
    "<script>window.__pwned=1</script>",
    '<img src=x onerror="window.__pwned=1">',
    '<a href="javascript:window.__pwned=1">piège</a>',
    '<a href="https://example.org" target="_blank">site</a>',
    '<iframe src="https://example.org"></iframe><style>body{display:none}</style>',
  ].join("");

  it("stores sanitised HTML and moves the version and date on", async () => {
    const before = (await admin.get("/api/legal/mentions-legales")).body.data;
    const res = await admin.put("/api/legal/mentions-legales", { lang: "en", title: "Legal notice (edited)", content: hostile });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.version).toBe(before.version + 1);
    expect(Date.parse(data.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    expect(data.title).toBe("Legal notice (edited)");
    expect(data.content).toBe('<h2>Éditeur</h2><p class="lead">Arena SARL, Casablanca</p><a>piège</a><a href="https://example.org" target="_blank" rel="noopener noreferrer">site</a>');
    for (const banned of ["<script", "onclick", "onerror", "<img", "javascript:", "<iframe", "<style", "__pwned"]) expect(data.content).not.toContain(banned);

    const read = await new Browser(server.url, "en").get("/api/legal/mentions-legales");
    expect(read.body.data).toEqual(data);
  });

  it("counts every edit and leaves the other language alone", async () => {
    await admin.put("/api/legal/faq", { lang: "fr", title: "FAQ", content: "<p>Un</p>" });
    const second = await admin.put("/api/legal/faq", { lang: "fr", title: "FAQ", content: "<p>Deux</p>" });
    expect(second.body.data.version).toBe(3);
    const english = await new Browser(server.url, "en").get("/api/legal/faq");
    expect(english.body.data.version).toBe(1);
    expect(english.body.data.title).toBe("Frequently asked questions");
  });

  it("keeps the contact unless the edit gives a new one", async () => {
    const kept = await admin.put("/api/legal/cgu", { lang: "fr", title: "CGU", content: "<p>Texte</p>" });
    expect(kept.body.data.contact).toEqual(defaultContact.fr);
    const contact = { email: "legal@arena.test", phone: "+212 522 00 00 00", address: "12 rue des Joueurs, Casablanca, Maroc" };
    const changed = await admin.put("/api/legal/cgu", { lang: "fr", title: "CGU", content: "<p>Texte</p>", contact });
    expect(changed.body.data.contact).toEqual(contact);
  });

  it("answers 404 for an unknown type", async () => {
    const res = await admin.put("/api/legal/privacy", { lang: "fr", title: "x", content: "<p>x</p>" });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });

  it("rejects a body without a title or with an unknown language", async () => {
    const res = await admin.put("/api/legal/rgpd", { lang: "de", title: "", content: "<p>x</p>" });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["lang", "title"]);
    const bad = await admin.put("/api/legal/rgpd", { lang: "fr", title: "x", content: "", contact: { email: "nope", phone: "", address: "" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("contact.email");
  });

  it("refuses a logged-in user who is not an admin with 403", async () => {
    const { browser } = await signedInUser(server);
    const res = await browser.put("/api/legal/rgpd", { lang: "fr", title: "Pirate", content: "<p>x</p>" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    expect((await browser.get("/api/legal/rgpd")).body.data.version).toBe(1);
  });

  it("refuses a visitor with 401", async () => {
    const res = await new Browser(server.url).put("/api/legal/rgpd", { lang: "fr", title: "Pirate", content: "<p>x</p>" });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthorized");
  });
});
