import { Link } from "@tanstack/react-router";
import { Radio } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/modal.tsx";
import { useSession } from "../../lib/session.ts";
import { createStore, useStore } from "../../lib/store.ts";
import { openAuthModal } from "../../lib/ui.ts";

/** Open while the stream setup modal shows. Its two steps (details, then server and key) arrive with streaming (issue 4). */
export const goLiveStore = createStore(false);

export function GoLiveModal() {
  const { t } = useTranslation();
  const open = useStore(goLiveStore);
  return (
    <Modal open={open} onClose={() => goLiveStore.set(false)} title={t("go_live_title")}>
      <p>{t("go_live_coming")}</p>
      <p>
        <Link to="/how-to-stream" onClick={() => goLiveStore.set(false)}>
          {t("how_to_stream_link")}
        </Link>
      </p>
    </Modal>
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
