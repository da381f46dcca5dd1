import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { z } from "zod";
import { ErrorSchema } from "./openapi.ts";

/** An answer whose JSON body does not parse with the schema its route declares for that status. */
export interface ResponseMismatch {
  method: string;
  /** The route as the OpenAPI document names it, e.g. "GET /events/{slug}". */
  route: string;
  url: string;
  status: number;
  problem: string;
}

/** Told about every JSON answer of a documented route (`route` as in the OpenAPI document): `mismatch` is absent when it parsed. */
export type ResponseCheckSink = (answer: { route: string; status: number }, mismatch?: ResponseMismatch) => void;

type OpenAPIRegistry = OpenAPIHono["openAPIRegistry"];
type Schemas = Map<string, { route: string; byStatus: Map<number, z.ZodType> }>;

/** METHOD + Hono path (/api/events/:slug) → the route's JSON response schemas by status. */
function schemasOf(registry: OpenAPIRegistry, mountedAt: string): Schemas {
  const schemas: Schemas = new Map();
  for (const definition of registry.definitions) {
    if (definition.type !== "route") continue;
    const { method, path, responses } = definition.route;
    const byStatus = new Map<number, z.ZodType>();
    for (const [status, response] of Object.entries(responses)) {
      const json = "content" in response ? response.content?.["application/json"] : undefined;
      if (json && "schema" in json && json.schema) byStatus.set(Number(status), json.schema as z.ZodType);
    }
    const honoPath = mountedAt + path.replace(/\{(\w+)\}/g, ":$1");
    schemas.set(`${method.toUpperCase()} ${trimSlash(honoPath)}`, { route: `${method.toUpperCase()} ${path}`, byStatus });
  }
  return schemas;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/**
 * Test-only: after each answer of a documented route, parses its JSON body with the schema the route
 * declares for that status (errors not declared fall back to the shared error shape) and tells `sink`.
 * The server never installs it in production: only the test fixture passes a sink.
 */
export function checkResponses(registry: OpenAPIRegistry, mountedAt: string, sink: ResponseCheckSink): MiddlewareHandler {
  let schemas: Schemas | undefined;
  return async (c, next) => {
    await next();
    // The route that answered; middleware and undocumented routes (docs) are registered as ALL or absent.
    const answered = matchedRoutes(c)[c.req.routeIndex];
    if (!answered || answered.method === "ALL") return;
    schemas ??= schemasOf(registry, mountedAt);
    const declared = schemas.get(`${answered.method} ${trimSlash(answered.path)}`);
    if (!declared || !c.res.headers.get("content-type")?.includes("application/json")) return;
    const { status } = c.res;
    const schema = declared.byStatus.get(status) ?? (status >= 400 ? ErrorSchema : undefined);
    const mismatch = (problem: string): ResponseMismatch => ({ method: c.req.method, route: declared.route, url: c.req.url, status, problem });
    const answer = { route: declared.route, status };
    if (!schema) return sink(answer, mismatch(`status ${status} is not declared`));
    const body: unknown = await c.res
      .clone()
      .json()
      .catch(() => undefined);
    const parsed = schema.safeParse(body);
    if (!parsed.success) return sink(answer, mismatch(parsed.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`).join("; ")));
    // Success answers must name every field they send; errors share the open ErrorSchema (some add `cost`, `username`).
    const undeclared = status < 400 ? droppedKeys(body, parsed.data) : [];
    sink(answer, undeclared.length ? mismatch(`fields the schema does not declare: ${undeclared.join(", ")}`) : undefined);
  };
}

/** Keys of `input` that parsing stripped from `output`: fields sent that the schema leaves out. */
function droppedKeys(input: unknown, output: unknown, path = ""): string[] {
  if (Array.isArray(input) && Array.isArray(output)) return input.flatMap((item, i) => droppedKeys(item, output[i], `${path}[${i}]`));
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  return Object.keys(input).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return key in output ? droppedKeys(input[key], output[key], at) : [at];
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
