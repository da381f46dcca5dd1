import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Browser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";

const service = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request) {
    const body = (await request.json()) as { q: string; source: string; target: string };
    return Response.json({ translatedText: `[${body.target}] ${body.q}` });
  },
});
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRANSLATE_URL: `http://127.0.0.1:${service.port}` });
});
afterAll(async () => {
  await server.stop();
  service.stop(true);
});

describe("GET /static/translations/{lang}.json", () => {
  it("serves every namespace of each language, version 1.2", async () => {
    const en = (await new Browser(server.url).get("/static/translations/en.json")).body;
    expect(en).toMatchObject({ lang: "en", version: "1.2" });
    expect(en.translations.common.back_home).toBe("Back Home");
    expect(en.translations.errors.empty_field).toBe("Empty Field");
    const fr = (await new Browser(server.url).get("/static/translations/fr.json")).body;
    expect(Object.keys(fr.translations).sort()).toEqual(Object.keys(en.translations).sort());
    expect((await new Browser(server.url).get("/static/translations/de.json")).status).toBe(404);
  });
});

describe("POST /api/translate", () => {
  it("answers from the dictionaries both ways, and by key", async () => {
    const browser = new Browser(server.url);
    expect((await browser.post("/api/translate", { text: "Retour à l'accueil", source_lang: "fr", target_lang: "en" })).body).toEqual({ success: true, translation: "Back Home", source: "dictionary" });
    expect((await browser.post("/api/translate", { text: "Empty Field", source_lang: "en", target_lang: "fr" })).body.translation).toBe("Champ vide");
    expect((await browser.post("/api/translate", { text: "common:back_home", target_lang: "en" })).body.translation).toBe("Back Home");
  });

  it("translates a batch of up to 10 texts in one call", async () => {
    const res = await new Browser(server.url).post("/api/translate", { text: ["Champ vide", "Retour à l'accueil"], source_lang: "fr", target_lang: "en" });
    expect(res.body).toEqual({ success: true, translation: ["Empty Field", "Back Home"], source: "dictionary" });
  });

  it("asks the configured LibreTranslate-compatible server for anything else", async () => {
    const res = await new Browser(server.url).post("/api/translate", { text: "Une phrase inconnue", source_lang: "fr", target_lang: "en" });
    expect(res.body).toEqual({ success: true, translation: "[en] Une phrase inconnue", source: "service" });
  });

  it("gives the original text back when nothing knows it", async () => {
    const plain = await startTestServer();
    try {
      const res = await new Browser(plain.url).post("/api/translate", { text: "Une phrase inconnue", target_lang: "en" });
      expect(res.body).toEqual({ success: false, translation: "Une phrase inconnue", source: "none" });
    } finally {
      await plain.stop();
    }
  });

  it("validates its input", async () => {
    const res = await new Browser(server.url).post("/api/translate", { text: "", target_lang: "de" });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["target_lang", "text"]);
  });
});
