import { describe, expect, it } from "bun:test";
import { buildGraph, cycles, importsOf, nodeOf } from "./import-graph.ts";

describe("importsOf", () => {
  it("reads every form of import and tells type-only ones apart", () => {
    const source = [
      'import { a } from "./a.ts";',
      'import type { B } from "../b/b.ts";',
      'import { type C, type D } from "../c/c.ts";',
      'import e, { type E } from "../e/e.ts";',
      'export { f } from "../f/f.ts";',
      'import "../g/side-effect.ts";',
      'const h = await import("../h/h.ts");',
      'type I = typeof import("../i/i.ts");',
      'import { z } from "zod";',
    ].join("\n");
    expect(importsOf(source)).toEqual([
      { specifier: "./a.ts", typeOnly: false },
      { specifier: "../b/b.ts", typeOnly: true },
      { specifier: "../c/c.ts", typeOnly: true },
      { specifier: "../e/e.ts", typeOnly: false },
      { specifier: "../f/f.ts", typeOnly: false },
      { specifier: "../g/side-effect.ts", typeOnly: false },
      { specifier: "../h/h.ts", typeOnly: false },
      { specifier: "../i/i.ts", typeOnly: true },
    ]);
  });

  it("ignores imports written in comments, and a URL in a string is no comment", () => {
    const source = '// import { x } from "../x/x.ts";\n/* import("../y/y.ts") */\nconst url = "http://example.test";\nimport { z } from "../z/z.ts";';
    expect(importsOf(source).map((i) => i.specifier)).toEqual(["../z/z.ts"]);
  });
});

describe("the folder graph", () => {
  it("counts a domain's subfolder as a node of its own, a lower layer beside its domain", () => {
    expect([nodeOf("server/waitlist/places/offers.ts"), nodeOf("server/waitlist/routes.ts")]).toEqual(["waitlist/places", "waitlist"]);
  });

  it("names server folders, the app files, config, and the other top folders", () => {
    expect([nodeOf("server/events/service.ts"), nodeOf("server/app.ts"), nodeOf("server/config.ts"), nodeOf("db/index.ts"), nodeOf("node_modules/x/y.js")]).toEqual([
      "events",
      "app",
      "config",
      "db",
      null,
    ]);
  });

  it("finds a cycle between folders, and none once the back edge is a contract type", () => {
    const files: Record<string, string> = {
      "server/a/service.ts": 'import { b } from "../b/service.ts";',
      "server/b/service.ts": 'import { c } from "../c/service.ts";',
      "server/c/service.ts": 'import { a } from "../a/service.ts";',
    };
    expect(cycles(buildGraph(Object.keys(files), (file) => files[file]!))).toEqual([["a", "b", "c", "a"]]);
    files["server/c/service.ts"] = 'import type { A } from "../a/schemas.ts";';
    expect(cycles(buildGraph(Object.keys(files), (file) => files[file]!))).toEqual([]);
    files["server/c/service.ts"] = 'import type { A } from "../a/service.ts";';
    expect(cycles(buildGraph(Object.keys(files), (file) => files[file]!))).toEqual([["a", "b", "c", "a"]]);
  });
});
