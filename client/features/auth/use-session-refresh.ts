import { useEffect } from "react";
import { ApiError, api } from "../../lib/api.ts";
import { clearSession, setSessionUser, type SessionUser, sessionStore } from "../../lib/session.ts";

/** On load, a stored session is checked against /api/auth/me: fresh data when it lives, logged out on a 401 (spec 01 §4). */
export function useSessionRefresh(): void {
  useEffect(() => {
    if (!sessionStore.get().isLoggedIn) return;
    api<{ user: SessionUser }>("/auth/me")
      .then(({ user }) => setSessionUser(user))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) clearSession();
      });
  }, []);
}
