import i18next from "i18next";
import { api } from "../../lib/api.ts";
import { setSessionUser, type SessionUser } from "../../lib/session.ts";
import { closeAuthModal, toast } from "../../lib/ui.ts";

/**
 * Spec 01 §4: a 520×640 popup on the provider's sign-in, watched every 300 ms; back on our origin with
 * oauthsuccess=true, the user is fetched and stored. A blocked popup falls back to a full-page redirect.
 */
export function signInWithProvider(provider: "google" | "facebook"): void {
  const address = `/api/auth/oauth/${provider}`;
  const left = window.screenX + (window.outerWidth - 520) / 2;
  const top = window.screenY + (window.outerHeight - 640) / 2;
  const popup = window.open(address, `arena-${provider}`, `width=520,height=640,left=${left},top=${top}`);
  if (!popup) {
    window.location.assign(address);
    return;
  }
  const timer = window.setInterval(() => {
    if (popup.closed) return window.clearInterval(timer);
    let search: string;
    try {
      if (popup.location.origin !== window.location.origin) return;
      search = popup.location.search;
    } catch {
      return; // Still on the provider's pages.
    }
    const params = new URLSearchParams(search);
    if (!params.has("oauthsuccess")) return;
    window.clearInterval(timer);
    popup.close();
    void finishProviderLogin(params);
  }, 300);
}

/** The popup (or the redirect fallback) came back: fetch the user, greet them, initialise the channel on a first login. */
export async function finishProviderLogin(params: URLSearchParams): Promise<void> {
  if (params.get("oauthsuccess") !== "true") {
    toast.error(i18next.t("errors:oauth_failed", { provider: "" }));
    return;
  }
  const { user } = await api<{ user: SessionUser }>("/auth/me");
  setSessionUser(user);
  closeAuthModal();
  toast.success(i18next.t("auth:login_success"));
  if (params.get("firstlogin") === "true") await api("/stream/mychannel/init", { method: "POST" }).catch(() => undefined);
  window.location.assign("/");
}
