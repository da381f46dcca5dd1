import { describe, expect, it } from "bun:test";
import type { Rolldown } from "vite";
import { doorShellFiles } from "./build-plugin.ts";

/** A chunk of a build's output, as rolldown describes it (only the fields the worker's list reads). */
function chunk(fileName: string, links: { imports?: string[]; lazy?: string[]; css?: string[]; module?: string; entry?: boolean } = {}) {
  return {
    type: "chunk",
    fileName,
    isEntry: links.entry ?? false,
    facadeModuleId: links.module ?? null,
    imports: links.imports ?? [],
    dynamicImports: links.lazy ?? [],
    viteMetadata: { importedCss: new Set(links.css ?? []), importedAssets: new Set<string>() },
  };
}

const route = (file: string) => `/app/client/routes/${file}?tsr-split=component`;

/** The shape of the real build: an entry, the shell's lazy pieces, one chunk per screen, shared chunks between. */
function build(overrides: Record<string, ReturnType<typeof chunk>> = {}): Rolldown.OutputBundle {
  const chunks = [
    chunk("assets/index.js", {
      entry: true,
      imports: ["assets/runtime.js"],
      css: ["assets/index.css"],
      lazy: ["assets/wallet.js", "assets/translation-loader.js", "assets/_auth.js", "assets/scan.js", "assets/home.js", "assets/tournament.js"],
    }),
    chunk("assets/runtime.js"),
    chunk("assets/wallet.js", { imports: ["assets/index.js", "assets/skeleton.js"], css: ["assets/events.css"] }),
    chunk("assets/skeleton.js"),
    chunk("assets/translation-loader.js", { lazy: ["assets/locale-files.js"] }),
    chunk("assets/locale-files.js"),
    chunk("assets/_auth.js", { module: route("_auth.tsx") }),
    chunk("assets/scan.js", { module: route("_auth/events.$slug.scan.tsx"), imports: ["assets/qr-camera.js", "assets/skeleton.js"], lazy: ["assets/offline-door.js"] }),
    chunk("assets/qr-camera.js", { css: ["assets/qr-camera.css"], lazy: ["assets/jsQR.js"] }),
    chunk("assets/jsQR.js"),
    chunk("assets/offline-door.js"),
    chunk("assets/home.js", { module: route("index.tsx"), imports: ["assets/player.js"] }),
    chunk("assets/player.js"),
    chunk("assets/tournament.js", { module: route("tournament.$id.tsx"), lazy: ["assets/bracket.js"] }),
    chunk("assets/bracket.js"),
  ].map((item) => overrides[item.fileName] ?? item);
  return Object.fromEntries(chunks.map((item) => [item.fileName, item])) as unknown as Rolldown.OutputBundle;
}

describe("the files the door's service worker keeps", () => {
  it("are the entry, the shell's lazy pieces and the door's screens with all they load, each with its stylesheet", () => {
    expect(doorShellFiles(build())).toEqual(
      [
        "index.js",
        "index.css",
        "runtime.js",
        "wallet.js",
        "events.css",
        "skeleton.js",
        "translation-loader.js",
        "locale-files.js",
        "_auth.js",
        "scan.js",
        "qr-camera.js",
        "qr-camera.css",
        "jsQR.js",
        "offline-door.js",
      ]
        .map((file) => `/assets/${file}`)
        .sort(),
    );
  });

  it("leave out every other screen and what only it loads", () => {
    const kept = doorShellFiles(build());
    for (const other of ["home.js", "player.js", "tournament.js", "bracket.js"]) expect(kept).not.toContain(`/assets/${other}`);
  });

  it("follow what a piece loads later even when the entry already imports that piece", () => {
    const entryImportsCamera = chunk("assets/index.js", { entry: true, imports: ["assets/runtime.js", "assets/qr-camera.js"], lazy: ["assets/_auth.js", "assets/scan.js"] });
    expect(doorShellFiles(build({ "assets/index.js": entryImportsCamera }))).toContain("/assets/jsQR.js");
  });

  it("stop the build when a door screen's chunk is not found (a route renamed)", () => {
    const renamed = chunk("assets/scan.js", { module: route("_auth/events.$slug.door.tsx") });
    expect(() => doorShellFiles(build({ "assets/scan.js": renamed }))).toThrow(/a door route's chunk is missing/);
  });
});
