import { describe, expect, it } from "bun:test";
import { createRoute } from "@hono/zod-openapi";
import { Hono } from "hono";
import { z } from "zod";
import { createApi } from "../app.ts";
import type { AppDeps } from "./context.ts";
import { errors, jsonResponse, newRouter } from "./openapi.ts";
import { checkResponses, type ResponseMismatch } from "./response-check.ts";

/** A one-route API whose handler answers `body` with `status`, checked like the test server checks. */
async function answer(body: unknown, status: 200 | 404 | 202) {
  const route = createRoute({
    method: "get",
    path: "/things/{id}",
    responses: { 200: jsonResponse(z.object({ id: z.number(), tags: z.array(z.object({ name: z.string() })) }), "A thing"), 404: errors[404] },
  });
  // biome-ignore lint: the handler answers statuses the route does not declare, on purpose.
  const api = newRouter().openapi(route, (c) => c.json(body as any, status as any));
  const seen: { route: string; status: number; mismatch?: ResponseMismatch }[] = [];
  const app = new Hono();
  app.use(
    "/api/*",
    checkResponses(api.openAPIRegistry, "/api", (answer, mismatch) => seen.push({ ...answer, mismatch })),
  );
  app.route("/api", api);
  await app.request("/api/things/7");
  return seen;
}

describe("the response check", () => {
  it("passes an answer that parses with its declared schema", async () => {
    expect(await answer({ id: 7, tags: [{ name: "a" }] }, 200)).toEqual([{ route: "GET /things/{id}", status: 200, mismatch: undefined }]);
  });

  it("reports a wrong type, a field the schema does not declare, and an undeclared status", async () => {
    const [wrongType] = await answer({ id: "7", tags: [] }, 200);
    expect(wrongType?.mismatch).toMatchObject({ route: "GET /things/{id}", status: 200, problem: "id: Invalid input: expected number, received string" });
    const [extra] = await answer({ id: 7, tags: [{ name: "a", colour: "red" }] }, 200);
    expect(extra?.mismatch?.problem).toBe("fields the schema does not declare: tags[0].colour");
    const [undeclared] = await answer({ queued: true }, 202);
    expect(undeclared?.mismatch?.problem).toBe("status 202 is not declared");
  });

  it("checks an error against the shared error shape", async () => {
    expect((await answer({ success: false, code: "not_found", msg: "Not found", errorMessage: "Not found" }, 404))[0]?.mismatch).toBeUndefined();
    expect((await answer({ error: "gone" }, 404))[0]?.mismatch?.status).toBe(404);
  });
});

/** The JSON Schema of every JSON success answer in the OpenAPI document, by route. */
function successSchemas() {
  const api = createApi({ config: { publicUrl: "http://localhost" } } as AppDeps);
  const document = api.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "Arena", version: "1" } });
  const found: { route: string; schema: unknown }[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations as Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>)) {
      const successes = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith("2") || status.startsWith("3"));
      // GET /auth/logout only ever answers 405 (the `Allow` header names POST).
      if (successes.length === 0 && !operation.responses?.["405"]) found.push({ route: `${method.toUpperCase()} ${path}`, schema: undefined });
      for (const [status, response] of successes) {
        if (response.content?.["application/json"] || !response.content)
          found.push({ route: `${method.toUpperCase()} ${path} ${status}`, schema: response.content?.["application/json"]?.schema ?? "no body" });
      }
    }
  }
  return { found, components: (document.components?.schemas ?? {}) as Record<string, unknown> };
}

/** Places inside a JSON Schema that accept anything: `{}` (z.any, z.unknown) or a $ref to one. */
function anythingGoes(schema: unknown, components: Record<string, unknown>, at = "", seen = new Set<string>()): string[] {
  if (typeof schema !== "object" || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const keys = Object.keys(node).filter((key) => !["description", "example", "examples", "title", "default", "deprecated"].includes(key));
  if (keys.length === 0) return [at || "(body)"];
  if (typeof node.$ref === "string") {
    const name = node.$ref.replace("#/components/schemas/", "");
    if (seen.has(name)) return [];
    return anythingGoes(components[name], components, at, new Set([...seen, name]));
  }
  return Object.entries(node).flatMap(([key, value]) => {
    if (key === "properties") return Object.entries(value as Record<string, unknown>).flatMap(([name, property]) => anythingGoes(property, components, `${at}.${name}`, seen));
    if (key === "items" || key === "additionalProperties") return typeof value === "object" ? anythingGoes(value, components, `${at}[]`, seen) : [];
    if (key === "anyOf" || key === "oneOf" || key === "allOf") return (value as unknown[]).flatMap((option) => anythingGoes(option, components, at, seen));
    return [];
  });
}

describe("the OpenAPI document", () => {
  it("gives every route a success answer, and every JSON success answer a schema that says what it holds", () => {
    const { found, components } = successSchemas();
    expect(found.length).toBeGreaterThan(100);
    const vague = found.flatMap(({ route, schema }) =>
      schema === undefined ? [`${route}: no success answer`] : schema === "no body" ? [] : anythingGoes(schema, components).map((at) => `${route}: ${at} accepts anything`),
    );
    expect(vague).toEqual([]);
  });
});
