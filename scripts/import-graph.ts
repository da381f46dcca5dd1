// Prints the import graph between the server's domain folders and every cycle in it; exits 1 on a cycle.
// Usage: bun scripts/import-graph.ts
// A node is a folder of server/ (server/*.ts is "app", the leaf server/config.ts is "config"); shared/, db/ and
// media/ are scanned too, so a migration that imports server code shows up as a cycle through "db".
// Static, dynamic and type-only imports all count (a type import still ties one folder's code to another's),
// except a type-only import of a domain's schemas.ts: that is the wire contract (zod only, the web app reads it
// too), which the realtime bus names for its payloads without depending on the domain's code.
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
const scannedFolders = ["server", "shared", "db", "media"];

type Edge = { from: string; to: string; files: string[] };

/**
 * The graph node of a repository-relative path, or null when it is not the project's own code. A domain's subfolder
 * is a node of its own ("waitlist/places"): a lower layer its domain keeps beside it, which other domains use
 * without depending on the domain's routes and services (docs/decisions.md, "Folders that tell the truth").
 */
export function nodeOf(path: string): string | null {
  const parts = path.split("/");
  if (parts[0] === "server") {
    if (parts.length > 3) return `${parts[1]}/${parts[2]}`;
    if (parts.length > 2) return parts[1]!;
    return parts[1] === "config.ts" ? "config" : "app";
  }
  if (parts[0] === "node_modules" || parts[0] === ".." || parts.length < 2) return null;
  return parts[0]!;
}

/** The source without its comments, so an example in a comment is not read as an import. */
export function withoutComments(source: string): string {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end < 0 ? source.length : end + 2;
      out += " ";
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === "\\" ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

interface Import {
  specifier: string;
  typeOnly: boolean;
}

/** `type X`, `{ type A, type B }`: a clause that brings in types and nothing else. */
function isTypeOnlyClause(clause: string): boolean {
  const body = clause.replace(/^(import|export)\s+/, "").trim();
  if (body.startsWith("type ") || body.startsWith("type{")) return true;
  const named = /^\{([^}]*)\}$/.exec(body);
  const names =
    named?.[1]
      ?.split(",")
      .map((name) => name.trim())
      .filter(Boolean) ?? [];
  return names.length > 0 && names.every((name) => name.startsWith("type "));
}

/** Every import of a source file, packages included, in any form: static, re-export, side effect, dynamic, typeof import(). */
export function allImportsOf(source: string): Import[] {
  const code = withoutComments(source);
  const found: Import[] = [];
  for (const match of code.matchAll(/\b((?:import|export)\s[^;'"`]*?)\bfrom\s*["']([^"']+)["']/g)) {
    found.push({ specifier: match[2]!, typeOnly: isTypeOnlyClause(match[1]!.trim()) });
  }
  for (const match of code.matchAll(/\bimport\s*["']([^"']+)["']/g)) found.push({ specifier: match[1]!, typeOnly: false });
  for (const match of code.matchAll(/(\btypeof\s+)?\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) {
    found.push({ specifier: match[2]!, typeOnly: match[1] !== undefined });
  }
  return found;
}

/** The relative imports of a source file (the project's own modules), in any form. */
export function importsOf(source: string): Import[] {
  return allImportsOf(source).filter((i) => i.specifier.startsWith("."));
}

/** A type-only import of a domain's schemas.ts names the wire contract, not the domain's code (see the top). */
function isContractType(imported: Import, target: string): boolean {
  return imported.typeOnly && /^server\/[^/]+\/schemas\.ts$/.test(target);
}

function sourceFiles(): string[] {
  const files: string[] = [];
  for (const folder of scannedFolders) {
    for (const file of new Bun.Glob("**/*.ts").scanSync({ cwd: resolve(root, folder) })) {
      if (!file.endsWith(".test.ts") && !file.endsWith(".d.ts")) files.push(`${folder}/${file}`);
    }
  }
  return files.sort();
}

export function buildGraph(files: string[], read: (file: string) => string): Map<string, Map<string, Edge>> {
  const graph = new Map<string, Map<string, Edge>>();
  for (const file of files) {
    const from = nodeOf(file)!;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const imported of importsOf(read(file))) {
      const target = relative(root, resolve(root, dirname(file), imported.specifier));
      const to = nodeOf(target);
      if (to === null || to === from || isContractType(imported, target)) continue;
      const edges = graph.get(from)!;
      const edge = edges.get(to) ?? { from, to, files: [] };
      edge.files.push(`${file} → ${target}`);
      edges.set(to, edge);
    }
  }
  return graph;
}

/** Groups of nodes that reach each other (Tarjan); a group of two or more holds a cycle. */
function stronglyConnected(graph: Map<string, Map<string, Edge>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== node);
      groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** The shortest path from one node to another inside a group, as a list of nodes. */
function shortestPath(graph: Map<string, Map<string, Edge>>, group: Set<string>, from: string, to: string): string[] {
  const cameFrom = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (node === to) break;
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (group.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  const path = [to];
  while (path[0] !== from) path.unshift(cameFrom.get(path[0]!)!);
  return path;
}

/** For every edge inside a cyclic group, the shortest cycle through it (each cycle once). */
export function cycles(graph: Map<string, Map<string, Edge>>): string[][] {
  const found = new Map<string, string[]>();
  for (const group of stronglyConnected(graph).filter((g) => g.length > 1)) {
    const members = new Set(group);
    for (const from of group) {
      for (const to of graph.get(from)!.keys()) {
        if (!members.has(to)) continue;
        const loop = [from, ...shortestPath(graph, members, to, from)];
        const start = loop.indexOf([...loop.slice(0, -1)].sort()[0]!);
        const canonical = [...loop.slice(start, -1), ...loop.slice(0, start), loop[start]!];
        found.set(canonical.join(" -> "), canonical);
      }
    }
  }
  return [...found.values()];
}

if (import.meta.main) {
  const graph = buildGraph(sourceFiles(), (file) => readFileSync(resolve(root, file), "utf8"));
  console.log("Import graph (folder -> folders it imports):");
  for (const [node, edges] of [...graph.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${node} -> ${[...edges.keys()].sort().join(", ") || "(nothing)"}`);
  }
  const found = cycles(graph);
  if (found.length === 0) {
    console.log("No cycle between folders.");
    process.exit(0);
  }
  console.log(`\n${found.length} cycle(s) between folders:`);
  for (const loop of found) console.log(`  ${loop.join(" -> ")}`);
  console.log("\nThe imports behind those cycles:");
  const edges = new Set(found.flatMap((loop) => loop.slice(1).map((to, i) => `${loop[i]} -> ${to}`)));
  for (const edge of [...edges].sort()) {
    const [from, to] = edge.split(" -> ") as [string, string];
    console.log(`  ${edge}`);
    for (const file of graph.get(from)!.get(to)!.files) console.log(`      ${file}`);
  }
  process.exit(1);
}
