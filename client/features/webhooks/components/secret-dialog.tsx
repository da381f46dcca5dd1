import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { CopyField } from "../../../components/copy-field.tsx";
import { Modal } from "../../../components/modal.tsx";
import "../../../i18n/screens/webhooks.ts";

/** A new signing key, shown this once (the server keeps no way to show it again). */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation("webhooks");
  return (
    <Modal open={secret !== null} onClose={onClose} title={t("secret_title")} size="sm" footer={<Button onClick={onClose}>{t("secret_done")}</Button>}>
      <p>{t("secret_text")}</p>
      {secret ? <CopyField label={t("secret_label")} value={secret} copyLabel={t("copy_secret")} /> : null}
    </Modal>
  );
}
