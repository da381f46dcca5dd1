import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { UserResponse } from "../../../server/auth/schemas.ts";
import { ApiError, api } from "../../lib/api.ts";
import { clearSession, setSessionUser, sessionStore } from "../../data/session.ts";
import { toast } from "../../lib/ui.ts";

/**
 * On load, a stored session is checked against /api/auth/me (spec 01 §4, §8): fresh data when it lives;
 * a 401 logs out quietly, a 403 logs out with 'Your session expired.'.
 */
export function useSessionRefresh(): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!sessionStore.get().isLoggedIn) return;
    api<UserResponse>("/auth/me")
      .then(({ user }) => setSessionUser(user))
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) return;
        if (error.status === 401) clearSession();
        if (error.status === 403) {
          clearSession();
          toast.info(t("errors:session_expired"));
        }
      });
  }, [t]);
}
