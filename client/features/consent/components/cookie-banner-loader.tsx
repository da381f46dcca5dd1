import { lazy, Suspense } from "react";
import { useConsent } from "../consent.ts";

// The banner (its code, styles and "consent" texts) is fetched only by a visitor with no stored choice, and it
// waits 500 ms before showing anyway: the root is in every first load.
const CookieBanner = lazy(() => import("./cookie-banner.tsx").then((module) => ({ default: module.CookieBanner })));

/** Mounted once in the app's root: the cookie banner while no choice is stored. */
export function CookieBannerLoader() {
  const consent = useConsent();
  if (consent) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}
