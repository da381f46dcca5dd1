// Measures what a first visit downloads before the first screen: the JavaScript and CSS that index.html loads
// (the entry chunk and every chunk it imports statically, which the browser preloads), gzip-compressed, and
// which modules they are made of. It builds the web app itself, with hidden source maps, into a temporary
// folder (the same files as dist/client, plus maps that say which module each byte comes from), so the
// figure always matches the code as it is and a running server's dist/client is left alone.
//   bun bench/bundle-size.ts           prints the figures and writes the "Web app first load" section.
//   bun bench/bundle-size.ts --check   prints them only (./scripts/test runs this).
//   BUNDLE_OUT=dir bun bench/bundle-size.ts   keeps the build and its maps in dir, to look further.
// Either way it exits non-zero when the first load's JavaScript is over the budget.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { gzipSync } from "bun";
import type { OutputChunk, RolldownOutput } from "rolldown";
import { build } from "vite";
import { machineLine, writeSection } from "./report.ts";

/** The first load's JavaScript, gzip, must stay under this (issue 17: from 212 KB to under 150 KB). */
const BUDGET_KB = 150;
const ROOT = resolve(import.meta.dir, "..");
const LARGEST_SHOWN = 15;

interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}

interface ModuleSize {
  module: string;
  minified: number;
  gzip: number;
}

const gzipLength = (bytes: Parameters<typeof gzipSync>[0]) => gzipSync(bytes, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (sizes: FileSize[], key: "raw" | "gzip") => sizes.reduce((total, size) => total + size[key], 0);

/** Builds the web app into `outDir`; returns the chunks by file name, with the modules each holds. */
async function buildWithSourceMaps(outDir: string): Promise<Map<string, OutputChunk>> {
  const result = await build({
    configFile: join(ROOT, "vite.config.ts"),
    // Errors only: the usual warning about hls.js's large (lazy) chunk says nothing about the first load.
    logLevel: "error",
    build: { outDir, emptyOutDir: true, sourcemap: "hidden", reportCompressedSize: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((item): item is OutputChunk => item.type === "chunk");
  return new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
}

/** The files index.html loads before anything renders: its script, the modules it preloads, its styles. */
function firstLoadFiles(dist: string): string[] {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
}

function sizeOf(dist: string, file: string): FileSize {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipLength(bytes) };
}

const GLUE = "(bundler glue)";
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Decodes one source map segment (base64 VLQ numbers). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** Who a source belongs to: the npm package for a dependency, else the file's path in the repository. */
function moduleName(source: string, mapDir: string): string {
  const inPackage = source.lastIndexOf("node_modules/");
  if (inPackage !== -1) {
    const parts = source.slice(inPackage + "node_modules/".length).split("/");
    return parts.slice(0, parts[0]!.startsWith("@") ? 2 : 1).join("/");
  }
  return relative(ROOT, resolve(mapDir, source));
}

/**
 * Splits a minified file into the pieces each module produced, from its source map: every mapped segment
 * runs to the next one. Returns the text per module (code no map covers is GLUE).
 */
function textPerModule(dist: string, file: string): Map<string, string> {
  const code = readFileSync(join(dist, file), "utf8");
  // The bundler's own runtime chunk has no map.
  if (!existsSync(join(dist, `${file}.map`))) return new Map([["(bundler runtime)", code]]);
  const map = JSON.parse(readFileSync(join(dist, `${file}.map`), "utf8")) as { sources: string[]; mappings: string };
  const mapDir = dirname(join(dist, file));
  const names = map.sources.map((source) => moduleName(source, mapDir));
  const texts = new Map<string, string>();
  const add = (name: string, text: string) => texts.set(name, (texts.get(name) ?? "") + text);
  const lines = code.split("\n");
  let sourceIndex = 0;
  map.mappings.split(";").forEach((mappings, lineIndex) => {
    const line = lines[lineIndex] ?? "";
    let column = 0;
    let owner = GLUE;
    for (const segment of mappings.split(",").filter(Boolean)) {
      const [columnDelta, sourceDelta] = decodeSegment(segment);
      const next = column + columnDelta!;
      add(owner, line.slice(column, next));
      column = next;
      if (sourceDelta !== undefined) sourceIndex += sourceDelta;
      owner = sourceDelta === undefined ? GLUE : names[sourceIndex]!;
    }
    add(owner, `${line.slice(column)}\n`);
  });
  // Vite's list of the chunks each lazy import preloads is glue too, but worth naming.
  const glue = texts.get(GLUE) ?? "";
  const preloadLists = glue.match(/const __vite__mapDeps=.*?=>i\.map\(i=>d\[i\]\);/s)?.[0];
  if (preloadLists) {
    texts.set(GLUE, glue.replace(preloadLists, ""));
    add("(vite: chunk lists of lazy imports)", preloadLists);
  }
  return texts;
}

/** The first load's modules, largest first; gzip is each module's text compressed alone (an upper bound). */
function modulesOf(dist: string, files: string[]): ModuleSize[] {
  const texts = new Map<string, string>();
  for (const file of files) for (const [name, text] of textPerModule(dist, file)) texts.set(name, (texts.get(name) ?? "") + text);
  return [...texts].map(([module, text]) => ({ module, minified: Buffer.byteLength(text), gzip: gzipLength(text) })).sort((a, b) => b.gzip - a.gzip);
}

/**
 * Modules the source maps do not cover (Vite gives JSON modules none): their text is in the glue row.
 * Named here with their size before minification, which for JSON is about the same.
 */
function modulesWithoutMap(dist: string, files: string[], chunks: Map<string, OutputChunk>): ModuleSize[] {
  return files.flatMap((file) => {
    const map = join(dist, `${file}.map`);
    const mapped = new Set(existsSync(map) ? (JSON.parse(readFileSync(map, "utf8")) as { sources: string[] }).sources.map((source) => resolve(dirname(join(dist, file)), source)) : []);
    return Object.entries(chunks.get(file)?.modules ?? {})
      .filter(([id, module]) => module.renderedLength > 0 && !mapped.has(id.split("?")[0]!))
      .map(([id, module]) => ({ module: moduleName(id.replace(/\0/g, ""), ROOT), minified: module.renderedLength, gzip: gzipLength(module.code ?? "") }));
  });
}

function report(dist: string, chunks: Map<string, OutputChunk>) {
  const entry = firstLoadFiles(dist).map((file) => sizeOf(dist, file));
  const entryJs = entry.filter((size) => size.file.endsWith(".js"));
  const entryCss = entry.filter((size) => size.file.endsWith(".css"));
  const lazy = readdirSync(join(dist, "assets"))
    .filter((file) => file.endsWith(".js") && !entry.some((size) => size.file === `assets/${file}`))
    .map((file) => sizeOf(dist, `assets/${file}`))
    .sort((a, b) => b.gzip - a.gzip);
  const modules = modulesOf(
    dist,
    entryJs.map((size) => size.file),
  );
  const unmapped = modulesWithoutMap(
    dist,
    entryJs.map((size) => size.file),
    chunks,
  ).sort((a, b) => b.gzip - a.gzip);
  return { entryJs, entryCss, lazy, modules, unmapped, jsGzip: sum(entryJs, "gzip") };
}

function describe({ entryJs, entryCss, lazy, modules, unmapped, jsGzip }: ReturnType<typeof report>): string {
  const verdict = jsGzip <= BUDGET_KB * 1024 ? "under" : "OVER";
  return `Machine: ${machineLine()}. Method: \`bun bench/bundle-size.ts\`: a \`vite build\` with hidden source maps, then gzip level 9 of each file index.html loads (its script and every chunk it preloads) and of the other chunks; the maps split the first load into its modules. Budget: ${BUDGET_KB} KB of JavaScript; the script fails above it.

| what | 2026-11-24 | 2026-11-26, before issue 17 | now |
| --- | ---: | ---: | ---: |
| first load JavaScript, gzip | 212.1 KB | 263.7 KB (94 files) | **${kb(jsGzip)}** (${entryJs.length} files, ${verdict} budget) |
| first load JavaScript, raw | 608.9 KB | 764.3 KB | ${kb(sum(entryJs, "raw"))} |
| first load CSS, gzip | 13.7 KB | 14.7 KB | ${kb(sum(entryCss, "gzip"))} |
| lazily loaded chunks, gzip | 483.6 KB (125) | 470.3 KB (132) | ${kb(sum(lazy, "gzip"))} (${lazy.length}) |

Largest modules of the first load (minified; gzip of each alone):

| module | minified | gzip |
| --- | ---: | ---: |
${modules
  .slice(0, LARGEST_SHOWN)
  .map((m) => `| ${m.module} | ${kb(m.minified)} | ${kb(m.gzip)} |`)
  .join("\n")}

In the glue row, without a source map (${unmapped.length} modules, ${kb(unmapped.reduce((total, m) => total + m.minified, 0))} before minifying): ${
    unmapped
      .slice(0, 8)
      .map((m) => `${m.module} ${kb(m.minified)}`)
      .join(", ") || "none"
  }.

Largest lazy chunks: ${lazy
    .slice(0, 6)
    .map((chunk) => `${chunk.file.replace(/-[\w-]{8}\.js$/, ".js")} ${kb(chunk.gzip)}`)
    .join(", ")}.
Every screen is its own chunk (TanStack Router's automatic code splitting), so later screens do not grow the first load.`;
}

const outDir = process.env.BUNDLE_OUT ?? mkdtempSync(join(tmpdir(), "arena-bundle-"));
try {
  const chunks = await buildWithSourceMaps(outDir);
  const measured = report(outDir, chunks);
  const body = describe(measured);
  if (!process.argv.includes("--check")) writeSection("Web app first load", body);
  console.log(body);
  if (measured.jsGzip > BUDGET_KB * 1024) {
    console.error(`✗ The first load's JavaScript is ${kb(measured.jsGzip)} gzip, over the ${BUDGET_KB} KB budget: the table above names its largest modules.`);
    process.exitCode = 1;
  }
} finally {
  if (!process.env.BUNDLE_OUT) rmSync(outDir, { recursive: true, force: true });
}
