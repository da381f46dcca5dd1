import { useRouter } from "@tanstack/react-router";
import i18next from "i18next";
import { useEffect } from "react";
import { sessionStore } from "../../data/session.ts";
import { openAuthModal, toast } from "../../lib/ui.ts";
import { showFlashedToasts } from "./flash.ts";
import { rememberInvite } from "./invite.ts";
import { isSignInPopup, takeRedirectProvider } from "./provider-return.ts";

/**
 * What the address a page loads with asks for, handled once and then removed from it:
 * - toasts kept across the reload that follows a login;
 * - `?verified=true|false`, where an emailed verification link lands;
 * - `?auth=login|signup`, a link that opens the auth modal on that tab (for visitors);
 * - `?invite=…`, an admin's invitation link: remembered for the sign-up form, which it opens;
 * - `?oauthsuccess=…`, where a provider sign-in lands. Inside the sign-in popup nothing at all happens:
 *   the opener reads this address and closes the popup. Without a popup (the redirect fallback) the
 *   sign-in finishes here.
 */
export function useLandingMessages(): void {
  const router = useRouter();
  useEffect(() => {
    const url = new URL(window.location.href);
    const params = url.searchParams;
    if (params.has("oauthsuccess") && isSignInPopup()) return;
    showFlashedToasts();

    const handled: string[] = [];
    const verified = params.get("verified");
    if (verified !== null) {
      // The "auth" texts are not in the first load: they come first, then the toast.
      void import("../../i18n/screens/auth.ts").then(() => (verified === "true" ? toast.success(i18next.t("auth:email_verified")) : toast.error(i18next.t("auth:verify_invalid"))));
      handled.push("verified");
    }
    const tab = params.get("auth");
    if (tab !== null) {
      if (!sessionStore.get().isLoggedIn) openAuthModal(tab === "signup" ? "signup" : "login");
      handled.push("auth");
    }
    const invite = params.get("invite");
    if (invite !== null) {
      rememberInvite(invite);
      if (!sessionStore.get().isLoggedIn) openAuthModal("signup");
      handled.push("invite");
    }
    const oauth = params.has("oauthsuccess") ? new URLSearchParams(params) : undefined;
    if (oauth) handled.push("oauthsuccess", "firstlogin", "error");

    if (handled.length === 0) return;
    for (const name of handled) params.delete(name);
    router.history.replace(`${url.pathname}${url.search}${url.hash}`);
    // The sign-in's code loads only here, where a provider sent the browser back.
    if (oauth) {
      const provider = takeRedirectProvider();
      void import("./provider-login.ts").then(({ finishProviderLogin }) => finishProviderLogin(oauth, provider));
    }
  }, [router]);
}
