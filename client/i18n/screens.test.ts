// The French texts of a screen namespace are not in the first load: a module that shows one must import its
// file in client/i18n/screens/, or the screen would show keys instead of French (client/lib/i18n.ts).
import { describe, expect, it } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { shellSubsets } from "./shell-texts.ts";

const CLIENT = join(import.meta.dir, "..");
const SCREENS = join(import.meta.dir, "screens");

/** The shell's modules that use only the keys of a namespace shipped in the first load (shellSubsets in lib/i18n.ts). */
const SHELL_SUBSET_USERS: Record<string, string[]> = {
  errors: ["lib/api.ts", "features/auth/use-session-refresh.ts", "features/shell/logout.ts"],
  discovery: ["features/discovery/components/search-box.tsx"],
  components: ["routes/-components/shell/shell.tsx"],
  consent: ["features/consent/components/cookie-banner.tsx"],
};

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
        if (!uses || SHELL_SUBSET_USERS[namespace]?.includes(name)) continue;
        const file = relative(dirname(path), join(SCREENS, `${namespace}.ts`));
        if (!source.includes(`"${file.startsWith(".") ? file : `./${file}`}"`)) missing.push(`${name}: ${namespace}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("ship in the first load every text the shell's modules show of them", () => {
    const missing: string[] = [];
    for (const [namespace, users] of Object.entries(SHELL_SUBSET_USERS)) {
      const shipped = shellSubsets[namespace] ?? {};
      for (const user of users) {
        const source = readFileSync(join(CLIENT, user), "utf8");
        // t("key") where the namespace is the module's (useTranslation("ns")), and "ns:key" anywhere.
        const ownNamespace = source.includes(`useTranslation("${namespace}")`);
        const keys = [
          ...(ownNamespace ? [...source.matchAll(/\bt\("([\w]+)"/g)].map((match) => match[1]!) : []),
          ...[...source.matchAll(new RegExp(`["'\`]${namespace}:(\\w+)["'\`]`, "g"))].map((match) => match[1]!),
        ];
        for (const key of keys) if (!(key in shipped) && !(`${key}_one` in shipped)) missing.push(`${user}: ${namespace}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
