import { useTranslation } from "react-i18next";
import { Modal } from "../../components/modal.tsx";
import { closeAuthModal, useAuthModal } from "../../lib/ui.ts";

export function AuthModal() {
  const { t } = useTranslation();
  const tab = useAuthModal();
  return (
    <Modal open={tab !== null} onClose={closeAuthModal} title={t(tab === "signup" ? "signup" : "login")}>
      <p>{t("coming_soon")}</p>
    </Modal>
  );
}
