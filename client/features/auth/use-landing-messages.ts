import i18next from "i18next";
import { useEffect } from "react";
import { toast } from "../../lib/ui.ts";
import { finishProviderLogin } from "./provider-login.ts";

/**
 * Messages carried by the address the server sends people to: an emailed verification link
 * (?verified=…) and a provider sign-in that could not use a popup (?oauthsuccess=…). Inside the
 * popup itself the opener reads the address, so nothing happens here.
 */
export function useLandingMessages(): void {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const verified = params.get("verified");
    if (verified) {
      if (verified === "true") toast.success(i18next.t("auth:email_verified"));
      else toast.error(i18next.t("auth:verify_invalid"));
      window.history.replaceState(null, "", window.location.pathname);
    }
    if (params.has("oauthsuccess") && !window.opener) void finishProviderLogin(params);
  }, []);
}
