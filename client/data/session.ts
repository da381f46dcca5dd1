import type { Me } from "../../server/auth/schemas.ts";
import { forgetDoorData } from "../lib/door-worker-scope.ts";
import { createStore, useStore } from "../lib/store.ts";

export type SessionUser = Me;
interface Session {
  user: SessionUser | null;
  isLoggedIn: boolean;
}

const STORAGE_KEY = "session";

function readStored(): Session {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as Session | null;
    if (stored?.user) return { user: stored.user, isLoggedIn: true };
  } catch {
    // A damaged entry is the same as none.
  }
  return { user: null, isLoggedIn: false };
}

/** The session the screens read: kept in local storage so a reload draws the right top bar at once (spec 01 §4). */
export const sessionStore = createStore<Session>(readStored());

sessionStore.subscribe(() => {
  const session = sessionStore.get();
  if (session.user) localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  else {
    localStorage.removeItem(STORAGE_KEY);
    // The door's data kept for offline use names ticket holders: it leaves with the session that read it.
    void forgetDoorData();
  }
});

export function setSessionUser(user: SessionUser): void {
  sessionStore.set({ user, isLoggedIn: true });
}

export function clearSession(): void {
  if (sessionStore.get().user) sessionStore.set({ user: null, isLoggedIn: false });
}

export function useSession(): Session {
  return useStore(sessionStore);
}
