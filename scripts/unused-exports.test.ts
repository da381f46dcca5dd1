import { describe, expect, it } from "bun:test";
import { factsOf, unusedExports, withoutExport } from "./unused-exports.ts";

describe("unused exports", () => {
  it("reads every kind of export and of import", () => {
    const facts = factsOf(`
      import D, { a, b as c, type T } from "./one.ts";
      import * as all from "./two";
      export { x as y } from "./three.ts";
      export * from "./four.ts";
      const lazy = await import("./five.ts");
      import { fromPackage } from "zod";
      export const value = 1;
      export async function run() {}
      export interface Shape {}
      export type Alias = string;
      // export const commented = 1;
    `);
    expect(facts.exports.sort()).toEqual(["Alias", "Shape", "run", "value", "y"]);
    expect(Object.fromEntries([...facts.imports].map(([specifier, names]) => [specifier, [...names].sort()]))).toEqual({
      "./one.ts": ["T", "a", "b", "default"],
      "./two": ["*"],
      "./three.ts": ["x"],
      "./four.ts": ["*"],
      "./five.ts": ["*"],
    });
  });

  it("names an export nobody imports, and says when its own file still uses it", () => {
    const files: Record<string, string> = {
      "server/a/rules.ts":
        "export const used = 1;\nexport const dead = 2;\nexport const local = 3;\nexport const twice = local + 1;\nexport const spread = () => ({});\nexport const both2 = { ...spread() };\nexport const prop = 1;\nconsole.log(other.prop);",
      "server/b/service.ts": 'import { used, twice } from "../a/rules.ts";\nexport const both = used + twice;',
      "server/b/service.test.ts": 'import { both } from "./service";\nconsole.log(both);\nconst sample = "export interface Shape {}";',
      "db/migrations/0001_first.ts": "export async function up() {}",
    };
    expect(unusedExports(Object.keys(files), (file) => files[file]!)).toEqual([
      { file: "server/a/rules.ts", name: "both2", usedInFile: false },
      { file: "server/a/rules.ts", name: "dead", usedInFile: false },
      { file: "server/a/rules.ts", name: "local", usedInFile: true },
      { file: "server/a/rules.ts", name: "prop", usedInFile: false },
      { file: "server/a/rules.ts", name: "spread", usedInFile: true },
    ]);
  });

  it("counts a whole-module import as using every export", () => {
    const files: Record<string, string> = { "client/lib/x.ts": "export const a = 1;\nexport const b = 2;", "client/main.tsx": 'const x = await import("./lib/x");' };
    expect(unusedExports(Object.keys(files), (file) => files[file]!)).toEqual([]);
  });

  it("drops only the export keyword, from a declaration or from a list", () => {
    expect(withoutExport("export async function go() {}\nexport const gone = 1;", "go")).toBe("async function go() {}\nexport const gone = 1;");
    expect(withoutExport("interface Row { id: number }", "Row")).toBe("interface Row { id: number }");
    expect(withoutExport("const a = 1, b = 2;\nexport { a, b };", "a")).toBe("const a = 1, b = 2;\nexport { b };");
    expect(withoutExport("const a = 1;\nexport { a };", "a")).toBe("const a = 1;\n");
  });
});
