// Lists the exports nobody imports; exits 1 when there is one. Run by ./scripts/lint beside the import graph.
// Usage: bun scripts/unused-exports.ts [--fix]   (--fix drops the `export` of those their own file still uses)
// An export is dead when no other file of the project imports it: delete it, or drop its `export` when its own
// file still uses it. Tests count as users (a test may reach what no caller does yet), and so does the generated
// route tree (it imports each route file's `Route`). A whole-module import (`import * as`, `export *`, a dynamic
// `import()`) counts as using every export of the module it names.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { withoutComments } from "./import-graph.ts";

const root = resolve(import.meta.dir, "..");
const scannedFolders = ["server", "db", "media", "client", "scripts", "tests", "bench", "deploy"];

/**
 * Files whose exports are read by a tool, not imported by our code: the migrator loads every migration's `up` and
 * `down` by folder, Vite reads its config's default export, a service worker's module is built on its own, the
 * screenshot script loads the setup a command line names, and the route tree is generated.
 */
const READ_BY_TOOLS = [/^db\/migrations\//, /^vite\.config\.ts$/, /^client\/service-worker\//, /^scripts\/screenshot-setups\//, /^client\/routeTree\.gen\.ts$/];

const ALL = "*";

interface ModuleFacts {
  exports: string[];
  /** Per imported specifier (relative, as written), the names taken from it; ALL for the whole module. */
  imports: Map<string, Set<string>>;
}

const transpilers = { ts: new Bun.Transpiler({ loader: "ts" }), tsx: new Bun.Transpiler({ loader: "tsx" }) };

/** What a source file exports (values and types) and what it imports from each relative specifier. */
export function factsOf(source: string, loader: "ts" | "tsx" = "ts"): ModuleFacts {
  const code = withoutComments(source);
  const exports = new Set(transpilers[loader].scan(source).exports);
  // Bun's scan leaves types out: they are erased, but a dead type is as much to read as dead code.
  for (const match of code.matchAll(/\bexport\s+(?:declare\s+)?(?:type|interface|enum|const\s+enum)\s+([A-Za-z_$][\w$]*)/g)) exports.add(match[1]!);
  for (const match of code.matchAll(/\bexport\s+type\s*\{([^}]*)\}(?!\s*from)/g)) for (const name of namesIn(match[1]!)) exports.add(name.exported);

  const imports = new Map<string, Set<string>>();
  const take = (specifier: string, names: string[]) => {
    if (!specifier.startsWith(".")) return;
    const set = imports.get(specifier) ?? new Set<string>();
    for (const name of names) set.add(name);
    imports.set(specifier, set);
  };
  for (const match of code.matchAll(/\b(import|export)\s+([^;'"`]*?)\s*\bfrom\s*["']([^"']+)["']/g)) {
    take(match[3]!, importedNames(match[1] as "import" | "export", match[2]!));
  }
  for (const match of code.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) take(match[1]!, [ALL]);
  return { exports: [...exports], imports };
}

/** `a, b as c, type D` → the names as imported from the other module (`a`, `b`, `D`) and as exported here. */
function namesIn(list: string): { imported: string; exported: string }[] {
  return list
    .split(",")
    .map((part) => part.trim().replace(/^type\s+/, ""))
    .filter(Boolean)
    .map((part) => {
      const [imported, exported] = part.split(/\s+as\s+/);
      return { imported: imported!.trim(), exported: (exported ?? imported)!.trim() };
    });
}

/** The names a clause takes from its module: `D, { a, b as c }`, `* as ns`, `type { T }`, `{ x } from` (re-export). */
function importedNames(keyword: "import" | "export", clause: string): string[] {
  const body = clause.replace(/^type\s+/, "").trim();
  if (body.startsWith("*")) return [ALL];
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(body);
  if (braces) names.push(...namesIn(braces[1]!).map((name) => name.imported));
  const beforeBraces = body
    .replace(/\{[^}]*\}/, "")
    .replace(/,/g, " ")
    .trim();
  if (keyword === "import" && beforeBraces) names.push("default");
  return names;
}

/** The project file a relative specifier names, written with or without its extension, or null. */
function resolveSpecifier(fromFile: string, specifier: string, exists: (file: string) => boolean): string | null {
  const base = relative(root, resolve(root, dirname(fromFile), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (exists(candidate)) return candidate;
  return null;
}

interface UnusedExport {
  file: string;
  name: string;
  /** Still used in its own file: only its `export` is dead. */
  usedInFile: boolean;
}

export function unusedExports(files: string[], read: (file: string) => string): UnusedExport[] {
  const known = new Set(files);
  const facts = new Map(files.map((file) => [file, factsOf(read(file), file.endsWith(".tsx") ? "tsx" : "ts")]));
  const used = new Map<string, Set<string>>();
  for (const [file, { imports }] of facts) {
    for (const [specifier, names] of imports) {
      const target = resolveSpecifier(file, specifier, (candidate) => known.has(candidate));
      if (!target) continue;
      const set = used.get(target) ?? new Set<string>();
      for (const name of names) set.add(name);
      used.set(target, set);
    }
  }
  const unused: UnusedExport[] = [];
  for (const [file, { exports }] of facts) {
    // A test file is where its run starts, never imported: what reads like an export in it is test data.
    if (READ_BY_TOOLS.some((pattern) => pattern.test(file)) || /\.test\.tsx?$/.test(file)) continue;
    const usedNames = used.get(file) ?? new Set<string>();
    if (usedNames.has(ALL)) continue;
    const code = withoutComments(read(file));
    for (const name of exports) {
      if (usedNames.has(name)) continue;
      // A mention is the name itself, not a property of something else (`x.name`), though a spread (`...name`) is one.
      const mentions = name === "default" ? 0 : [...code.matchAll(new RegExp(`(?<![\\w$])(?:(?<=\\.\\.\\.)|(?<!\\.))${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g"))].length;
      unused.push({ file, name, usedInFile: mentions > 1 });
    }
  }
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}

function sourceFiles(): string[] {
  const files = ["vite.config.ts"];
  for (const folder of scannedFolders) {
    for (const file of new Bun.Glob("**/*.{ts,tsx}").scanSync({ cwd: resolve(root, folder) })) {
      if (file.includes("node_modules/") || file.endsWith(".tmp.ts")) continue;
      files.push(`${folder}/${file}`);
    }
  }
  return files.filter((file) => existsSync(resolve(root, file)));
}

/** The source with `export` dropped from the declaration of `name` (or `name` taken out of an `export { … }` list). */
export function withoutExport(source: string, name: string): string {
  const declaration = new RegExp(
    `\\bexport\\s+((?:declare\\s+|default\\s+)?(?:async\\s+)?(?:function\\*?|const|let|var|class|abstract\\s+class|interface|type|enum|const\\s+enum)\\s+${name}(?![\\w$]))`,
  );
  if (declaration.test(source)) return source.replace(declaration, "$1");
  return source.replace(/\bexport\s*(type\s*)?\{([^}]*)\}(?!\s*from)\s*;?/g, (_list, type: string | undefined, names: string) => {
    const kept = names
      .split(",")
      .map((part) => part.trim())
      .filter(
        (part) =>
          part &&
          part
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)
            .at(-1) !== name,
      );
    return kept.length ? `export ${type ?? ""}{ ${kept.join(", ")} };` : "";
  });
}

if (import.meta.main) {
  const read = (file: string) => readFileSync(resolve(root, file), "utf8");
  let unused = unusedExports(sourceFiles(), read);
  if (process.argv[2] === "--fix") {
    // Only the exports their own file still uses: the others are dead code, for a person to delete.
    for (const { file, name } of unused.filter((entry) => entry.usedInFile)) writeFileSync(resolve(root, file), withoutExport(read(file), name));
    unused = unusedExports(sourceFiles(), read);
  }
  for (const { file, name, usedInFile } of unused) console.log(`${file}: ${name}${usedInFile ? " (used in its own file only: drop its `export`)" : ""}`);
  if (unused.length > 0) {
    console.log(`${unused.length} export(s) nobody imports: delete each, or drop its \`export\` where its own file uses it.`);
    process.exit(1);
  }
}
