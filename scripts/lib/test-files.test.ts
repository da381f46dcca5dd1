import { describe, expect, it } from "bun:test";
import { tierOf } from "../../tests/tiers.ts";
import { allTestFiles, importClosure, type Read, readFromCheckout, runsOnPostgres, testsTouchedBy } from "./test-files.ts";

// A small project: two server tests, one pure rule's test, a browser journey, and the files they load.
const project: Record<string, string> = {
  "server/wallet/wallet.test.ts": `import { credit } from "./service.ts";\nimport { startTestServer } from "../../tests/fixtures/server.ts";`,
  "server/wallet/service.ts": `import { fold } from "../text/fold.ts";\nimport type { Db } from "../../db/index.ts";`,
  "server/text/fold.ts": `export const fold = (s: string) => s;`,
  "server/text/fold.test.ts": `import { fold } from "./fold.ts"; // import { x } from "../wallet/service.ts"`,
  "server/i18n/messages.test.ts": `import fr from "./fr.json";`,
  "tests/fixtures/server.ts": `import { createTestDatabase } from "./database.ts";\nconst lazy = () => import("../../server/server.ts");`,
  "tests/fixtures/database.ts": `export {};`,
  "server/server.ts": `export {};`,
  "tests/e2e/home.test.ts": `import { useServerAndBrowser } from "../fixtures/e2e.ts";`,
  "tests/fixtures/e2e.ts": `import { startTestServer } from "./server.ts";`,
};
const read: Read = (file) => project[file];
const tests = Object.keys(project).filter((file) => file.endsWith(".test.ts"));

describe("a test file's import closure", () => {
  it("follows static, type-only and dynamic imports through fixtures, and not an import in a comment", () => {
    expect([...importClosure("server/wallet/wallet.test.ts", read)].sort()).toEqual([
      "db/index.ts",
      "server/server.ts",
      "server/text/fold.ts",
      "server/wallet/service.ts",
      "server/wallet/wallet.test.ts",
      "tests/fixtures/database.ts",
      "tests/fixtures/server.ts",
    ]);
    expect([...importClosure("server/text/fold.test.ts", read)].sort()).toEqual(["server/text/fold.test.ts", "server/text/fold.ts"]);
  });
});

describe("the files a change touches", () => {
  it("are the test files that load a changed file, directly or not", () => {
    expect(testsTouchedBy(["server/text/fold.ts"], tests, read)).toEqual(["server/wallet/wallet.test.ts", "server/text/fold.test.ts"]);
    expect(testsTouchedBy(["server/wallet/service.ts"], tests, read)).toEqual(["server/wallet/wallet.test.ts"]);
  });

  it("include a changed test file itself, and nothing for a file no test loads", () => {
    expect(testsTouchedBy(["server/text/fold.test.ts"], tests, read)).toEqual(["server/text/fold.test.ts"]);
    expect(testsTouchedBy(["docs/decisions.md"], tests, read)).toEqual([]);
  });

  it("count a file that is not code as its folder's code (a locale read by its messages)", () => {
    expect(testsTouchedBy(["server/i18n/en.json"], tests, read)).toEqual(["server/i18n/messages.test.ts"]);
  });

  it("include every browser journey when the web app changed, which they load built, not imported", () => {
    expect(testsTouchedBy(["client/features/home/Home.tsx"], tests, read)).toEqual(["tests/e2e/home.test.ts"]);
    expect(testsTouchedBy(["shared/fold.ts"], tests, read)).toEqual(["tests/e2e/home.test.ts"]);
  });

  it("are every test when a file all of them depend on changed", () => {
    expect(testsTouchedBy(["package-lock.json"], tests, read)).toEqual(tests);
    expect(testsTouchedBy(["tests/preload.ts"], tests, read)).toEqual(tests);
  });
});

describe("the PostgreSQL pass", () => {
  it("takes the files that open a database, and leaves out pure rules and browser journeys", () => {
    expect(tests.filter((file) => runsOnPostgres(file, read))).toEqual(["server/wallet/wallet.test.ts"]);
  });

  it("on this checkout, takes the server's HTTP tests and leaves out the pure Swiss pairing rules", () => {
    const files = allTestFiles();
    expect(files).toContain("server/tournaments/routes.test.ts");
    expect(runsOnPostgres("server/tournaments/routes.test.ts", readFromCheckout)).toBe(true);
    expect(runsOnPostgres("server/tournaments/swiss.test.ts", readFromCheckout)).toBe(false);
    expect(runsOnPostgres("tests/e2e/home.test.ts", readFromCheckout)).toBe(false);
  });
});

describe("the tiers", () => {
  it("put every browser journey in the browser tier", () => {
    for (const file of allTestFiles().filter((file) => file.startsWith("tests/e2e/"))) expect(tierOf(file)).toBe("browser");
  });
});
