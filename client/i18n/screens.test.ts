// The French texts of a screen namespace are not in the first load: a module that shows one must import its
// file in client/i18n/screens/, or the screen would show keys instead of French (client/lib/i18n.ts).
import { describe, expect, it } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const CLIENT = join(import.meta.dir, "..");
const SCREENS = join(import.meta.dir, "screens");

/** The shell's modules that use only the "errors" keys shipped in the first load (shellErrors in lib/i18n.ts). */
const SHELL_ERROR_USERS = ["lib/api.ts", "features/auth/use-session-refresh.ts", "features/auth/provider-login.ts", "features/shell/logout.ts"];

function clientModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return clientModules(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") && !entry.name.endsWith(".gen.ts") ? [path] : [];
  });
}

/** A route file's bare imports stay in the first load; its component gets a namespace's texts through a module it imports. */
const isRouteFile = (path: string) => {
  const inRoutes = relative(join(CLIENT, "routes"), path);
  return !inRoutes.startsWith("..") && !inRoutes.split("/").some((part) => part.startsWith("-"));
};

const namespaces = readdirSync(SCREENS)
  .filter((file) => file.endsWith(".ts") && file !== "all.ts")
  .map((file) => file.replace(/\.ts$/, ""));

describe("screen namespaces", () => {
  it("are imported by every module that uses them", () => {
    const missing: string[] = [];
    for (const path of clientModules(CLIENT)) {
      if (path.startsWith(SCREENS) || isRouteFile(path)) continue;
      const source = readFileSync(path, "utf8");
      const name = relative(CLIENT, path);
      for (const namespace of namespaces) {
        const uses = new RegExp(`useTranslation\\((\\[[^\\]]*)?"${namespace}"|["'\`]${namespace}:[\\w$]`).test(source);
        if (!uses || (namespace === "errors" && SHELL_ERROR_USERS.includes(name))) continue;
        const file = relative(dirname(path), join(SCREENS, `${namespace}.ts`));
        if (!source.includes(`"${file.startsWith(".") ? file : `./${file}`}"`)) missing.push(`${name}: ${namespace}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
