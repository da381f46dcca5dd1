import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "client",
  plugins: [react()],
  build: { outDir: "../dist/client", emptyOutDir: true },
  server: { proxy: { "/api": "http://localhost:3000", "/uploads": "http://localhost:3000", "/socket.io": { target: "http://localhost:3000", ws: true } } },
});
