import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { Browser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { LOCALES_DIR } from "../i18n/dictionaries.ts";

/** A LibreTranslate stand-in: prefixes the target language, fails on "boom", never answers "slow". */
const calls: { q: string; source: string; target: string; format: string }[] = [];
const service = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request) {
    if (new URL(request.url).pathname !== "/translate") return new Response("not found", { status: 404 });
    const body = (await request.json()) as (typeof calls)[number];
    calls.push(body);
    if (body.q === "boom") return Response.json({ error: "exploded" }, { status: 500 });
    if (body.q === "slow") return new Promise<Response>(() => undefined);
    return Response.json({ translatedText: `[${body.target}] ${body.q}` });
  },
});

let server: TestServer;
let plain: TestServer;
beforeAll(async () => {
  [server, plain] = await Promise.all([startTestServer({ TRANSLATE_URL: `http://127.0.0.1:${service.port}` }), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([server.stop(), plain.stop()]);
  service.stop(true);
});

const translate = (body: unknown, target = server) => new Browser(target.url).post("/api/translate", body);

describe("GET /static/translations/{lang}.json", () => {
  it("serves every namespace file of the language's folder, version 1.2", async () => {
    for (const lang of ["fr", "en"]) {
      const res = await new Browser(server.url).get(`/static/translations/${lang}.json`);
      expect(res.status).toBe(200);
      expect(res.response.headers.get("content-type")).toContain("application/json");
      expect(res.body).toMatchObject({ lang, version: "1.2" });
      const namespaces = readdirSync(join(LOCALES_DIR, lang)).map((file) => file.replace(/\.json$/, ""));
      expect(Object.keys(res.body.translations).sort()).toEqual(namespaces.sort());
      for (const texts of Object.values(res.body.translations)) for (const text of Object.values(texts as object)) expect(typeof text).toBe("string");
    }
    const en = (await new Browser(server.url).get("/static/translations/en.json")).body;
    expect(en.translations.common.back_home).toBe("Back Home");
    expect(en.translations.errors.empty_field).toBe("Empty Field");
    expect(en.translations.consent.accept_all).toBe("Accept all");
  });

  it("can be cached and revalidated", async () => {
    const first = await new Browser(server.url).get("/static/translations/en.json");
    const etag = first.response.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(first.response.headers.get("cache-control")).toContain("max-age=");
    const again = await new Browser(server.url).request("GET", "/static/translations/en.json", undefined, { "if-none-match": etag! });
    expect(again.status).toBe(304);
    const french = await new Browser(server.url).get("/static/translations/fr.json");
    expect(french.response.headers.get("etag")).not.toBe(etag);
  });

  it("answers 404 in JSON for a language it does not have", async () => {
    for (const path of ["/static/translations/de.json", "/static/translations/en", "/static/translations/en.json.bak"]) {
      const res = await new Browser(server.url).get(path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: "not_found" });
    }
  });
});

describe("POST /api/translate", () => {
  it("answers from the dictionaries, French to English and back", async () => {
    expect((await translate({ text: "Retour à l'accueil", source_lang: "fr", target_lang: "en" })).body).toEqual({ success: true, translation: "Back Home", source: "dictionary" });
    expect((await translate({ text: "Empty Field", source_lang: "en", target_lang: "fr" })).body).toEqual({ success: true, translation: "Champ vide", source: "dictionary" });
    expect((await translate({ text: "Tout accepter", source_lang: "fr", target_lang: "en" })).body.translation).toBe("Accept all");
    expect(calls).toEqual([]);
  });

  it("accepts a key as the text", async () => {
    expect((await translate({ text: "common:back_home", source_lang: "fr", target_lang: "en" })).body.translation).toBe("Back Home");
    expect((await translate({ text: "consent:reject", source_lang: "en", target_lang: "fr" })).body.translation).toBe("Refuser");
  });

  it("defaults the source to French, and gives the text back when both languages are the same", async () => {
    expect((await translate({ text: "Champ vide", target_lang: "en" })).body.translation).toBe("Empty Field");
    expect((await translate({ text: "Une phrase inconnue", source_lang: "fr", target_lang: "fr" })).body).toEqual({ success: true, translation: "Une phrase inconnue", source: "dictionary" });
  });

  it("translates a batch of up to 10 texts in one call, saying who answered each", async () => {
    const res = await translate({ text: ["Champ vide", "Retour à l'accueil", "Une phrase inconnue"], source_lang: "fr", target_lang: "en" });
    expect(res.body).toEqual({
      success: true,
      translation: ["Empty Field", "Back Home", "[en] Une phrase inconnue"],
      source: "service",
      sources: ["dictionary", "dictionary", "service"],
    });
  });

  it("asks the configured LibreTranslate-compatible server for anything the dictionaries lack", async () => {
    calls.length = 0;
    const res = await translate({ text: "Une phrase inconnue", source_lang: "fr", target_lang: "en" });
    expect(res.body).toEqual({ success: true, translation: "[en] Une phrase inconnue", source: "service" });
    expect(calls).toEqual([{ q: "Une phrase inconnue", source: "fr", target: "en", format: "text" }]);
  });

  it("gives the original text back, with an error, when the service fails", async () => {
    const res = await new Browser(server.url, "fr").post("/api/translate", { text: "boom", source_lang: "fr", target_lang: "en" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false, translation: "boom", source: "none", error: "Aucune traduction disponible pour ce texte." });
  });

  it("does not wait for a service that does not answer", async () => {
    const started = Date.now();
    const res = await translate({ text: ["slow", "Champ vide"], source_lang: "fr", target_lang: "en" });
    expect(Date.now() - started).toBeLessThan(6000);
    expect(res.body).toMatchObject({ success: false, translation: ["slow", "Empty Field"], source: "none", sources: ["none", "dictionary"], error: "No translation available for this text." });
  });

  it("gives the original text back when no service is configured and the dictionaries do not know it", async () => {
    const res = await translate({ text: "Une phrase inconnue", source_lang: "fr", target_lang: "en" }, plain);
    expect(res.body).toEqual({ success: false, translation: "Une phrase inconnue", source: "none", error: "No translation available for this text." });
  });

  it("validates its input", async () => {
    const cases: [unknown, string[]][] = [
      [{ text: "", target_lang: "de" }, ["target_lang", "text"]],
      [{ text: "x".repeat(5001), source_lang: "fr", target_lang: "en" }, ["text"]],
      [{ text: "Bonjour", source_lang: "es", target_lang: "en" }, ["source_lang"]],
      [{ text: Array.from({ length: 11 }, () => "Bonjour"), target_lang: "en" }, ["text"]],
      [{ target_lang: "en" }, ["text"]],
    ];
    for (const [body, fields] of cases) {
      const res = await translate(body, plain);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.errors.map((e: { field: string }) => e.field.split(".")[0]).sort()).toEqual(fields);
    }
    const tooLong = await translate({ text: "x".repeat(5001), target_lang: "en" }, plain);
    expect(tooLong.body.errors[0].code).toBe("text_too_long");
    expect((await translate({ text: "x".repeat(5000), target_lang: "en" }, plain)).status).toBe(200);
  });

  it("is documented in the OpenAPI contract", async () => {
    const doc = (await new Browser(server.url).get("/api/openapi.json")).body;
    const operation = doc.paths["/translate"].post;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "400", "429"]));
    expect(operation.requestBody.content["application/json"].schema).toBeTruthy();
  });

  it("limits each address to 120 calls a minute", async () => {
    const limited = await startTestServer();
    try {
      const browser = new Browser(limited.url);
      const statuses = await Promise.all(Array.from({ length: 120 }, () => browser.post("/api/translate", { text: "Champ vide", target_lang: "en" }).then((r) => r.status)));
      expect(statuses.every((status) => status === 200)).toBe(true);
      const over = await browser.post("/api/translate", { text: "Champ vide", target_lang: "en" });
      expect(over.status).toBe(429);
      expect(over.response.headers.get("retry-after")).toBeTruthy();
    } finally {
      await limited.stop();
    }
  });
});
