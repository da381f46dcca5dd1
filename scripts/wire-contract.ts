// Checks that the wire contract is a leaf; exits 1 and names each import out of bounds.
// Usage: bun scripts/wire-contract.ts   (./scripts/lint runs it)
// The contract is every server/<domain>/schemas.ts and *-schemas.ts: the server validates with it and the web app
// imports it too, so whatever it imports ships in the web app's chunks (the bracket engine once rode into the event
// form's). A contract file imports only zod, other contract files and shared/; a module of shared/ (the rules both
// sides apply) imports only zod and shared/. Every form of import counts, type-only ones too: a leaf is a leaf.
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { allImportsOf } from "./import-graph.ts";

const root = resolve(import.meta.dir, "..");

type Zone = "contract" | "shared";

/** Which zone a repository-relative path is in, or null for the rest of the code. */
export function zoneOf(path: string): Zone | null {
  if (/^server\/[^/]+\/([^/]+-)?schemas\.ts$/.test(path)) return "contract";
  if (/^shared\/.+\.ts$/.test(path) && !path.endsWith(".test.ts")) return "shared";
  return null;
}

const MAY_IMPORT: Record<Zone, Zone[]> = { contract: ["contract", "shared"], shared: ["shared"] };

/** One line per import that leaves its zone: `file → specifier (the file it names)`. */
export function outOfBounds(files: string[], read: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    const zone = zoneOf(file);
    if (zone === null) continue;
    for (const { specifier } of allImportsOf(read(file))) {
      if (specifier === "zod") continue;
      if (!specifier.startsWith(".")) {
        found.push(`${file} → ${specifier}`);
        continue;
      }
      const target = relative(root, resolve(root, dirname(file), specifier));
      const targetZone = zoneOf(target);
      if (targetZone === null || !MAY_IMPORT[zone].includes(targetZone)) found.push(`${file} → ${specifier} (${target})`);
    }
  }
  return found;
}

/** The checkout's files in either zone. */
export function zoneFiles(): string[] {
  const files = [...new Bun.Glob("server/*/*.ts").scanSync({ cwd: root }), ...new Bun.Glob("shared/**/*.ts").scanSync({ cwd: root })];
  return files.filter((file) => zoneOf(file) !== null).sort();
}

if (import.meta.main) {
  const found = outOfBounds(zoneFiles(), (file) => readFileSync(resolve(root, file), "utf8"));
  if (found.length === 0) {
    console.log("The wire contract imports only zod, itself and shared/.");
    process.exit(0);
  }
  console.log(`${found.length} import(s) out of the wire contract's bounds:`);
  for (const line of found) console.log(`  ${line}`);
  console.log(
    "A server/<domain>/schemas.ts (or *-schemas.ts) imports only zod, other schemas files and shared/; a module of shared/ imports only zod and shared/.\n" +
      'Move what both sides need into shared/ (docs/decisions.md, "The wire contract as a leaf").',
  );
  process.exit(1);
}
