import "./lib/zod-without-eval.ts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import i18next from "i18next";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initI18n } from "./lib/i18n.ts";
import { applyTheme, themeStore } from "./lib/theme.ts";
import { routeTree } from "./routeTree.gen.ts";
import { RouteError } from "./routes/-components/route-error.tsx";
import "./styles/tokens.css";
import "./styles/components.css";
import "./styles/shell.css";

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
const router = createRouter({
  routeTree,
  context: { queryClient },
  // Data starts loading on hover, with the code; the query cache, not the router, decides what is fresh.
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  // A screen that throws says so in the user's words, inside the frame (an unknown address is the root's notFoundComponent).
  defaultErrorComponent: RouteError,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// Not a top-level await: every lazy chunk imports from this one, and none could load while this one still waited
// (another language's texts load during initI18n).
async function start() {
  applyTheme(themeStore.get());
  await initI18n();
  document.documentElement.lang = i18next.language;
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
