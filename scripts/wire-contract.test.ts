import { describe, expect, it } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { outOfBounds, zoneFiles, zoneOf } from "./wire-contract.ts";

const check = (files: Record<string, string>) => outOfBounds(Object.keys(files), (file) => files[file]!);

describe("the wire contract's zone", () => {
  it("takes in every domain's schemas files and shared/, tests aside", () => {
    expect(
      ["server/events/schemas.ts", "server/site/schemas.ts", "server/events/service.ts", "server/app.ts", "shared/tournaments.ts", "shared/tournaments.test.ts", "client/lib/api.ts"].map(zoneOf),
    ).toEqual(["contract", "contract", null, null, "shared", null, null]);
  });

  it("lets a contract file import zod, other contract files and shared/, and shared/ zod and itself", () => {
    expect(
      check({
        "server/events/schemas.ts": 'import { z } from "zod";\nimport { SeedSchema } from "../tournaments/schemas.ts";\nimport { numeric } from "../../shared/numeric.ts";',
        "server/admin/schemas.ts": 'import { SiteSchema } from "./site-schemas.ts";\nimport type { Role } from "../auth/schemas.ts";',
        "shared/tournaments.ts": 'import { z } from "zod";\nimport { fold } from "./fold.ts";',
      }),
    ).toEqual([]);
  });

  it("names each import out of bounds, in any form, type-only ones too", () => {
    expect(
      check({
        "server/tournaments/schemas.ts": [
          'import { SIZES } from "./engine.ts";',
          'import type { Tournament } from "../../db/types.ts";',
          'import { z } from "@hono/zod-openapi";',
          'const late = await import("../events/service.ts");',
          '// import { x } from "./swiss.ts";',
        ].join("\n"),
        "shared/wallet.ts": 'import { TEST_TOP_UP } from "../server/wallet/service.ts";\nimport type { Seed } from "../server/tournaments/schemas.ts";',
        "server/tournaments/service.ts": 'import { open } from "./engine.ts";',
      }),
    ).toEqual([
      "server/tournaments/schemas.ts → ./engine.ts (server/tournaments/engine.ts)",
      "server/tournaments/schemas.ts → ../../db/types.ts (db/types.ts)",
      "server/tournaments/schemas.ts → @hono/zod-openapi",
      "server/tournaments/schemas.ts → ../events/service.ts (server/events/service.ts)",
      "shared/wallet.ts → ../server/wallet/service.ts (server/wallet/service.ts)",
      "shared/wallet.ts → ../server/tournaments/schemas.ts (server/tournaments/schemas.ts)",
    ]);
  });

  it("would have caught the bracket engine in the tournaments' schemas (issue 35)", () => {
    const before =
      'import { z } from "zod";\nimport { ReplaySchema } from "../replays/schemas.ts";\nimport { SIZES } from "./engine.ts";\nimport { maxRounds, SWISS_TIE_BREAKS } from "./swiss.ts";\nimport { numeric } from "../http/numbers.ts";';
    expect(check({ "server/tournaments/schemas.ts": before })).toEqual([
      "server/tournaments/schemas.ts → ./engine.ts (server/tournaments/engine.ts)",
      "server/tournaments/schemas.ts → ./swiss.ts (server/tournaments/swiss.ts)",
      "server/tournaments/schemas.ts → ../http/numbers.ts (server/http/numbers.ts)",
    ]);
  });

  it("holds in this checkout", () => {
    const root = resolve(import.meta.dir, "..");
    const files = zoneFiles();
    expect(files).toContain("server/tournaments/schemas.ts");
    expect(files).toContain("shared/tournaments.ts");
    expect(outOfBounds(files, (file) => readFileSync(resolve(root, file), "utf8"))).toEqual([]);
  });
});
