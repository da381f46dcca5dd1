// Measures what a first visit downloads: the entry JavaScript and CSS of the built web app, gzip-compressed,
// and the largest lazily loaded route chunks. Run after a build: bun bench/bundle-size.ts
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "bun";
import { CLIENT_DIST } from "../server/app.ts";
import { machineLine, writeSection } from "./report.ts";

const html = readFileSync(join(CLIENT_DIST, "index.html"), "utf8");
const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const size = (file: string) => {
  const bytes = readFileSync(join(CLIENT_DIST, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const entry = entryFiles.map((file) => ({ file, ...size(file) }));
const entryJs = entry.filter((e) => e.file.endsWith(".js")).reduce((sum, e) => sum + e.gzip, 0);
const entryCss = entry.filter((e) => e.file.endsWith(".css")).reduce((sum, e) => sum + e.gzip, 0);
const chunks = readdirSync(join(CLIENT_DIST, "assets"))
  .filter((f) => f.endsWith(".js") && !entryFiles.includes(`assets/${f}`))
  .map((f) => ({ file: f, ...size(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip);

const body = `Machine: ${machineLine()}. Method: \`vite build\` then \`bun bench/bundle-size.ts\`, gzip level 9 of each file in dist/client.

| what | gzip | raw |
| --- | ---: | ---: |
| entry JavaScript (first load) | ${kb(entryJs)} | ${kb(entry.filter((e) => e.file.endsWith(".js")).reduce((s, e) => s + e.raw, 0))} |
| entry CSS | ${kb(entryCss)} | ${kb(entry.filter((e) => e.file.endsWith(".css")).reduce((s, e) => s + e.raw, 0))} |
| lazily loaded chunks (${chunks.length}) | ${kb(chunks.reduce((s, c) => s + c.gzip, 0))} | ${kb(chunks.reduce((s, c) => s + c.raw, 0))} |

Largest lazy chunks: ${chunks
  .slice(0, 5)
  .map((c) => `${c.file} ${kb(c.gzip)}`)
  .join(", ")}.
Every screen is its own chunk (TanStack Router's automatic code splitting), so later screens do not grow the first load.`;

writeSection("Web app first load", body);
console.log(body);
