import { fileURLToPath } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { doorServiceWorker } from "./client/service-worker/build-plugin.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: "client",
  plugins: [
    // File routes under client/routes; each screen becomes its own chunk, so later screens never grow the first load.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: here("./client/routes"),
      generatedRouteTree: here("./client/routeTree.gen.ts"),
    }),
    react(),
    // /door-sw.js: the door opens with no network (client/service-worker/door-sw.ts).
    doorServiceWorker(),
  ],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    // Everything the entry imports statically is fetched before the first screen anyway: one file compresses
    // better than the 94 small shared chunks the bundler makes by default.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] } } },
    // Every browser the build targets (Baseline, widely available) preloads modules itself.
    modulePreload: { polyfill: false },
  },
  server: { proxy: { "/api": "http://localhost:3000", "/uploads": "http://localhost:3000", "/static": "http://localhost:3000", "/socket.io": { target: "http://localhost:3000", ws: true } } },
});
