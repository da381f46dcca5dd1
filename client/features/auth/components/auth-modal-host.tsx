import { lazy, Suspense } from "react";
import { useAuthModal } from "../../../lib/ui.ts";

// The dialog's code, styles and "auth" texts load when it first opens: the root is in every first load.
const AuthModal = lazy(() => import("./auth-modal.tsx").then((module) => ({ default: module.AuthModal })));

/** Mounted once in the app's root; shows the login and sign-up dialog whenever something opens it. */
export function AuthModalHost() {
  const tab = useAuthModal();
  if (tab === null) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}
