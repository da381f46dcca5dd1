import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";

// Swagger UI ships inside the npm package and is served from here: the docs page works with no internet.
const swaggerDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const assets: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Arena API</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`;

const init = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui" });`;

export function docsRoutes() {
  return new Hono()
    .get("/", (c) => c.html(page))
    .get("/init.js", (c) => c.body(init, 200, { "content-type": "text/javascript; charset=utf-8" }))
    .get("/:asset", async (c) => {
      const type = assets[c.req.param("asset")];
      if (!type) return c.notFound();
      const body = await readFile(join(swaggerDir, c.req.param("asset")));
      return c.body(body, 200, { "content-type": type, "cache-control": "public, max-age=86400" });
    });
}
