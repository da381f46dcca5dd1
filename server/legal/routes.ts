import type { AppDeps } from "../http/context.ts";
import { newRouter } from "../http/openapi.ts";

export function legalRoutes(_deps: AppDeps) {
  return newRouter();
}
