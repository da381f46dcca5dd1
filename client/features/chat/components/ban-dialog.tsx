import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Modal } from "../../../components/modal.tsx";
import { TextField } from "../../../components/text-field.tsx";
import "../../../i18n/screens/chat.ts";

interface BanDialogProps {
  username: string | null;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

// Typing a reason must not reach the player's shortcuts; Escape and Tab still reach the dialog's own handling.
const keepKeysFromPlayer = (event: { key: string; stopPropagation: () => void }) => {
  if (event.key !== "Escape" && event.key !== "Tab") event.stopPropagation();
};

/** Asks for the reason the banned user will read (spec: a banned user sees why). */
export function BanDialog({ username, busy, onConfirm, onCancel }: BanDialogProps) {
  const { t } = useTranslation("chat");
  const [reason, setReason] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason.trim());
  };
  const cancel = () => {
    setReason("");
    onCancel();
  };
  return (
    <Modal open={username !== null} onClose={cancel} title={t("ban_dialog_title", { username: username ?? "" })} size="sm">
      <form className="chat-ban-form" onSubmit={submit} onKeyDown={keepKeysFromPlayer}>
        <p className="muted">{t("ban_dialog_text", { username: username ?? "" })}</p>
        <TextField label={t("ban_reason_label")} placeholder={t("ban_reason_placeholder")} value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
        <div className="chat-ban-actions">
          <Button variant="secondary" onClick={cancel}>
            {t("common:cancel")}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {t("ban")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
