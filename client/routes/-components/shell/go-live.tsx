import { Radio } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../data/session.ts";
import { useStore } from "../../../lib/store.ts";
import { goLiveStore, openAuthModal, toast } from "../../../lib/ui.ts";

const close = () => goLiveStore.set(false);

// The setup (forms, game list, credentials) loads when the modal first opens: the shell is in every page's first load.
const StreamSetupModal = lazy(() => import("./go-live-setup.tsx").then((module) => ({ default: module.GoLiveSetup })));
// So does the modal that waits for it (the setup needs the same modal code: both arrive at once).
const LoadingModal = lazy(() => import("./go-live-loading.tsx").then((module) => ({ default: module.GoLiveLoading })));

export function GoLiveModal() {
  const { t } = useTranslation();
  const open = useStore(goLiveStore);
  const { isLoggedIn } = useSession();

  // Visitors never open this modal (their Go Live opens the sign-up tab), so open without a session means it
  // ended while the modal was up (a 401 on start, spec 01 §8): say so here, where the setup form is already gone.
  useEffect(() => {
    if (open && !isLoggedIn) {
      close();
      // The streams texts are not in the first load: they come first, then the warning.
      void import("../../../i18n/screens/streams.ts").then(() => toast.warning(t("streams:session_expired")));
      openAuthModal("login");
    }
  }, [open, isLoggedIn, t]);

  if (!open || !isLoggedIn) return null;
  return (
    <Suspense fallback={null}>
      <Suspense fallback={<LoadingModal onClose={close} />}>
        <StreamSetupModal onClose={close} />
      </Suspense>
    </Suspense>
  );
}

/** The floating round button phones get instead of the sidebar entry. */
export function FloatingGoLive() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <button type="button" className="floating-go-live" aria-label={t("nav_go_live")} onClick={() => (isLoggedIn ? goLiveStore.set(true) : openAuthModal("signup"))}>
      <Radio size={24} aria-hidden />
    </button>
  );
}
