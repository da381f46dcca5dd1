import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin, type Rolldown } from "vite";

type OutputChunk = Rolldown.OutputChunk;

/** The routes whose screens make the door: the signed-in layout and the door itself (client/routes). */
const DOOR_ROUTES = ["/routes/_auth.tsx?tsr-split=", "/routes/_auth/events.$slug.scan.tsx?tsr-split="];
/** TanStack's code splitting names every screen's chunk by its route file with this mark. */
const ROUTE_CHUNK = "?tsr-split=";

const WORKER_SOURCE = fileURLToPath(new URL("./door-sw.ts", import.meta.url));
export const WORKER_FILE = "door-sw.js";

/**
 * Writes /door-sw.js beside the built web app: client/service-worker/door-sw.ts bundled into one classic script
 * (a module service worker is not in every browser yet), with the list of this build's files the door boots with.
 */
export function doorServiceWorker(): Plugin {
  return {
    name: "arena-door-service-worker",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const files = doorShellFiles(bundle);
      const page = readFileSync(join(outDir, "index.html"));
      const buildId = createHash("sha256").update(page).update(files.join("\n")).digest("hex").slice(0, 16);
      writeFileSync(join(outDir, WORKER_FILE), await bundleWorker(["/index.html", ...files], buildId));
    },
  };
}

/**
 * What the door needs to boot with no network: the entry and everything it imports, the pieces the shell loads by
 * itself on any page (its dialogs, the wallet badge, the other language's texts), and the door's screens with all
 * they load — but no other screen's chunk. Each with its stylesheets: a chunk whose CSS fails to load fails too.
 */
export function doorShellFiles(bundle: Rolldown.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const isRoute = (chunk: OutputChunk) => chunk.facadeModuleId?.includes(ROUTE_CHUNK) ?? false;
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("door service worker: the build has no entry chunk");
  const doorRoutes = DOOR_ROUTES.map((route) => chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`${route}component`)));
  if (doorRoutes.some((chunk) => !chunk)) throw new Error(`door service worker: a door route's chunk is missing (${DOOR_ROUTES.join(", ")}); were the routes renamed?`);

  const kept = new Set<string>();
  // A chunk with its stylesheets, what it imports, and what it loads later, other screens excepted.
  const visit = (file: string) => {
    const chunk = byFile.get(file);
    if (!chunk || kept.has(file)) return;
    kept.add(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) kept.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) kept.add(asset);
    for (const imported of chunk.imports) visit(imported);
    for (const later of chunk.dynamicImports) if (!isRoute(byFile.get(later)!)) visit(later);
  };
  visit(entry.fileName);
  for (const route of doorRoutes) visit(route!.fileName);
  return [...kept].sort().map((file) => `/${file}`);
}

async function bundleWorker(shell: string[], buildId: string): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: "warn",
    define: { DOOR_SHELL: JSON.stringify(shell), DOOR_BUILD: JSON.stringify(buildId) },
    build: {
      write: false,
      lib: { entry: WORKER_SOURCE, formats: ["iife"], name: "doorServiceWorker", fileName: () => WORKER_FILE },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!result || !("output" in result)) throw new Error("door service worker: the build gave no output");
  return result.output[0].code;
}
