import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet, useLocation } from "@tanstack/react-router";
import { lazy, Suspense, useEffect } from "react";
import { Toaster } from "../components/toaster.tsx";
import { ReportModalHost } from "../features/reports/components/report-modal-host.tsx";
import { AuthModalHost } from "../features/auth/components/auth-modal-host.tsx";
import { useLandingMessages } from "../features/auth/use-landing-messages.ts";
import { useSessionRefresh } from "../features/auth/use-session-refresh.ts";
import { CookieBanner } from "../features/consent/components/cookie-banner.tsx";
import { Shell } from "./-components/shell/shell.tsx";
import { openAuthModal } from "../lib/ui.ts";
import { isOverlayPath, shellModeFor } from "../features/shell/layout-rules.ts";

// The error screens and their icons load when an unknown address is shown (the router does not split the root's code).
const LazyNotFoundPage = lazy(() => import("../features/errors/components/error-page.tsx").then((module) => ({ default: module.NotFoundPage })));

function NotFoundPage() {
  return (
    <Suspense fallback={null}>
      <LazyNotFoundPage />
    </Suspense>
  );
}

interface RootSearch {
  noAuth?: true;
}

// A guarded route sent a visitor here with ?noAuth=true; anything else is no flag. (No zod: this is in the first load.)
function validateRootSearch(search: Record<string, unknown>): RootSearch {
  return search.noAuth === true || search.noAuth === "true" ? { noAuth: true } : {};
}

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  validateSearch: validateRootSearch,
  component: Root,
  notFoundComponent: NotFoundPage,
});

function Root() {
  const { noAuth } = Route.useSearch();
  const { pathname } = useLocation();
  useSessionRefresh();
  useLandingMessages();
  // A guarded route sent a visitor here: the auth modal opens by itself (spec 01 §2).
  useEffect(() => {
    if (noAuth) openAuthModal("login");
  }, [noAuth]);
  if (isOverlayPath(pathname)) return <Outlet />;
  // A frame in another site's page shows its content only: no cookie banner over the host's page, none of the site's
  // dialogs (its session cookie does not reach a frame of another site, so a login there would not hold).
  if (shellModeFor(pathname) === "embed") {
    return (
      <>
        <Shell>
          <Outlet />
        </Shell>
        <Toaster />
      </>
    );
  }
  return (
    <>
      <Shell>
        <Outlet />
      </Shell>
      <AuthModalHost />
      <CookieBanner />
      <Toaster />
      <ReportModalHost />
    </>
  );
}
