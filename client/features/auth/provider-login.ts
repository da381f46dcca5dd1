import i18next from "i18next";
import type { UserResponse } from "../../../server/auth/schemas.ts";
import { ApiError, api } from "../../lib/api.ts";
import { clearSession, setSessionUser, type SessionUser } from "../../data/session.ts";
import { closeAuthModal, toast } from "../../lib/ui.ts";
import { initChannel } from "./api/init-channel.ts";
import { flashToast } from "./flash.ts";
import { type Provider, rememberRedirectProvider } from "./provider-return.ts";

export const PROVIDER_NAMES: Record<Provider, string> = { google: "Google", facebook: "Facebook" };

const POPUP = { width: 520, height: 640 };
const POLL_MS = 300;

let open: { popup: Window; provider: Provider } | undefined;

/**
 * Spec 01 §4: a 520×640 popup on the provider's sign-in, watched every 300 ms. Once it is back on our
 * origin with `oauthsuccess`, it closes and the outcome is handled here. A blocked popup falls back to
 * sending the whole page to the provider. Resolves when the popup is gone.
 */
export function signInWithProvider(provider: Provider): Promise<void> {
  if (open && !open.popup.closed) {
    open.popup.focus();
    return Promise.resolve();
  }
  const address = `/api/auth/oauth/${provider}`;
  const left = Math.round(window.screenX + (window.outerWidth - POPUP.width) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - POPUP.height) / 2);
  const popup = window.open(address, "arena-oauth", `popup=yes,width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`);
  if (!popup) {
    rememberRedirectProvider(provider);
    window.location.assign(address);
    return Promise.resolve();
  }
  open = { popup, provider };
  return new Promise((resolve) => {
    const timer = window.setInterval(() => {
      if (popup.closed) {
        window.clearInterval(timer);
        return resolve();
      }
      const back = whereOnOurOrigin(popup);
      if (!back) return;
      const params = new URLSearchParams(back.search);
      // An error answer of our API shown in the popup (the sign-in could not even start) ends it too.
      if (!params.has("oauthsuccess") && !back.apiError) return;
      window.clearInterval(timer);
      popup.close();
      void finishProviderLogin(back.apiError ? new URLSearchParams({ oauthsuccess: "false" }) : params, provider).finally(resolve);
    }, POLL_MS);
  });
}

/** Where the popup is once back on our origin; undefined while it shows the provider's pages. */
function whereOnOurOrigin(popup: Window): { search: string; apiError: boolean } | undefined {
  try {
    if (popup.location.origin !== window.location.origin) return undefined;
    // A redirect never shows a page, so a loaded page at an /api/ address is an error the server answered.
    const apiError = popup.location.pathname.startsWith("/api/") && popup.document.readyState === "complete";
    return { search: popup.location.search, apiError };
  } catch {
    return undefined; // Cross-origin: the browser will not let us read it.
  }
}

/**
 * The provider sent the browser back (into the popup, or the whole page): on success the user is
 * fetched and stored, greeted with 'Login Success', a first login initialises the channel and shows the
 * server's message, and the page goes to / (spec 01 §4).
 */
export async function finishProviderLogin(params: URLSearchParams, provider?: Provider): Promise<void> {
  // Its texts (the provider's error, the welcome) are not among those the shell ships.
  await Promise.all([import("../../i18n/screens/auth.ts"), import("../../i18n/screens/errors.ts")]);
  if (params.get("oauthsuccess") !== "true") {
    toast.error(failureMessage(params.get("error"), provider));
    return;
  }
  let user: SessionUser;
  try {
    ({ user } = await api<UserResponse>("/auth/me", { logoutOn401: false }));
  } catch (error) {
    identityCheckFailed(error);
    return;
  }
  setSessionUser(user);
  closeAuthModal();
  flashToast("success", i18next.t("auth:login_success"));
  if (params.get("firstlogin") === "true") {
    const message = await initChannel();
    if (message) flashToast("info", message);
  }
  window.location.assign("/");
}

function failureMessage(code: string | null, provider: Provider | undefined): string {
  if (code && code !== "oauth_failed" && i18next.exists(`errors:${code}`)) return i18next.t(`errors:${code}`);
  return provider ? i18next.t("errors:oauth_failed", { provider: PROVIDER_NAMES[provider] }) : i18next.t("auth:oauth_failed_any");
}

/** Spec 01 §8, identity check on provider return: 401 logs out, 403 says the session expired, else the outage texts. */
function identityCheckFailed(error: unknown): void {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401) clearSession();
  else if (status === 403) {
    clearSession();
    toast.info(i18next.t("errors:session_expired"));
  } else if (status >= 500) toast.error(i18next.t("errors:internal"));
  else toast.error(i18next.t(status === 0 ? "common:service_outage" : "common:blocked_access"));
}
