import i18next from "i18next";
import { ApiError, api } from "../../lib/api.ts";
import { clearSession } from "../../data/session.ts";
import { toast } from "../../lib/ui.ts";

/** Spec 01 §7/§8: on 200 the session clears and the page reloads; a 401 clears silently; other failures say why. */
export async function logout(): Promise<void> {
  try {
    await api("/auth/logout", { method: "POST", logoutOn401: false });
    clearSession();
    window.location.reload();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) clearSession();
    else toast.error(outageMessage(error));
  }
}

/** The spec's three texts for a call that failed: the server broke, nobody answered, or something in between blocks us. */
function outageMessage(error: ApiError): string {
  if (error.status >= 500) return i18next.t("errors:internal");
  if (error.status === 0) return i18next.t("common:service_outage");
  return i18next.t("common:blocked_access");
}
