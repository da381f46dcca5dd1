import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, createRoute, createRouter, Link, Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { HomePage } from "./routes/home.tsx";

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: HomePage });

function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <h1>404 — {t("not_found")}</h1>
      <Link to="/">{t("back_home")}</Link>
    </main>
  );
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree: rootRoute.addChildren([homeRoute]), context: { queryClient } });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
