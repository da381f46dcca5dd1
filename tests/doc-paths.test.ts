import { describe, expect, it } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");

/**
 * The documents that describe the code as it is: every path they name from the repository's root must exist.
 * docs/decisions.md and docs/benchmarks.md are dated records (a decision names the file it moved, a benchmark the
 * code it measured) and keep the paths of their day.
 */
const LIVING_DOCUMENTS = ["README.md", "docs/spec-conformance.md"];
/** Paths a reader creates, not the repository: the deployment's own settings file. */
const CREATED_BY_THE_READER = new Set(["deploy/.env"]);

function pathsNamedIn(document: string): string[] {
  const text = readFileSync(join(root, document), "utf8");
  const paths = [...text.matchAll(/`((?:server|client|tests|scripts|bench|db|media|deploy|docs)\/[\w./$-]*)`/g)].map((match) => match[1]!);
  return [...new Set(paths)].filter((path) => !CREATED_BY_THE_READER.has(path));
}

describe("documents", () => {
  for (const document of LIVING_DOCUMENTS) {
    it(`${document} names only paths that exist`, () => {
      expect(pathsNamedIn(document).filter((path) => !existsSync(join(root, path)))).toEqual([]);
    });
  }
});
