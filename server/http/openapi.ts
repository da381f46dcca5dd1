import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "./context.ts";
import { scopeOfRoute } from "../../shared/tokens.ts";
import { validationHook } from "./validation.ts";

/** A router whose routes feed the OpenAPI document and validate with the shared hook. */
export function newRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

export const ErrorSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  msg: z.string(),
  errorMessage: z.string(),
  errors: z.array(z.object({ field: z.string(), code: z.string(), msg: z.string() })).optional(),
});

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { "application/json": { schema } }, required: true } as const;
}

export function formBody<T extends z.ZodType>(schema: T) {
  return { content: { "multipart/form-data": { schema } }, required: true } as const;
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description } as const;
}

const errorResponse = (description: string) => jsonResponse(ErrorSchema, description);

/** The failures most calls share; a route lists the ones that apply to it. */
export const errors = {
  400: errorResponse("Invalid input: `errors` holds one message per field"),
  401: errorResponse("Not logged in"),
  403: errorResponse("Not allowed"),
  404: errorResponse("Not found"),
  405: errorResponse("Wrong method (the `Allow` header names the right one)"),
  409: errorResponse("Already taken"),
  402: errorResponse("Not enough G-Coins"),
  413: errorResponse("Too large"),
  429: errorResponse("Too many attempts"),
  502: errorResponse("Another server (a fediverse instance) did not answer"),
} as const;

/** Either the session cookie or a Bearer header opens the calls that need a login. */
export const secured: Record<string, string[]>[] = [{ cookieAuth: [] }, { bearerAuth: [] }];

export const openApiInfo = {
  openapi: "3.1.0" as const,
  servers: [{ url: "/api" }],
  info: {
    title: "Arena API",
    version: "1.0.0",
    description: "Arena's HTTP contract. Sessions travel in the httpOnly `arena_session` cookie or an `Authorization: Bearer` header. Error messages follow `Accept-Language` (fr by default, en).",
  },
};

interface DocumentedOperation {
  security?: Record<string, string[]>[];
  description?: string;
  "x-token-scope"?: string;
}

/**
 * Writes into the document which scope a personal access token needs for each call that needs a login
 * (shared/tokens.ts, the rule the guards apply): as the Bearer requirement's scope, as `x-token-scope`, and in words.
 */
export function withTokenScopes<T extends { paths?: object }>(document: T): T {
  for (const [path, operations] of Object.entries(document.paths ?? {}) as [string, Record<string, DocumentedOperation>][]) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation?.security?.length) continue;
      const scope = scopeOfRoute(method, `/api${path}`);
      operation.security = [{ cookieAuth: [] }, { bearerAuth: scope ? [scope] : [] }];
      operation["x-token-scope"] = scope ?? "none";
      const words = scope ? `Personal access tokens: scope \`${scope}\`.` : "Not open to personal access tokens (a session only).";
      operation.description = operation.description ? `${operation.description}\n\n${words}` : words;
    }
  }
  return document;
}
