import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "./context.ts";
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
