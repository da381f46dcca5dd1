import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { useEffect } from "react";
import { z } from "zod";
import { Toaster } from "../components/toaster.tsx";
import { ReportModalHost } from "../features/reports/components/report-modal.tsx";
import { AuthModal } from "../features/auth/components/auth-modal.tsx";
import { useLandingMessages } from "../features/auth/use-landing-messages.ts";
import { useSessionRefresh } from "../features/auth/use-session-refresh.ts";
import { CookieBanner } from "../features/consent/components/cookie-banner.tsx";
import { NotFoundPage } from "../features/errors/components/error-page.tsx";
import { Shell } from "./-components/shell/shell.tsx";
import { openAuthModal } from "../lib/ui.ts";

// A guarded route sent a visitor here with ?noAuth=true; anything else is no flag.
const RootSearchSchema = z.object({
  noAuth: z
    .union([z.literal(true), z.literal("true")])
    .transform(() => true as const)
    .optional()
    .catch(undefined),
});

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  validateSearch: RootSearchSchema,
  component: Root,
  notFoundComponent: NotFoundPage,
});

function Root() {
  const { noAuth } = Route.useSearch();
  useSessionRefresh();
  useLandingMessages();
  // A guarded route sent a visitor here: the auth modal opens by itself (spec 01 §2).
  useEffect(() => {
    if (noAuth) openAuthModal("login");
  }, [noAuth]);
  return (
    <>
      <Shell>
        <Outlet />
      </Shell>
      <AuthModal />
      <CookieBanner />
      <Toaster />
      <ReportModalHost />
    </>
  );
}
