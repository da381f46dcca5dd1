import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { CopyField } from "./copy-field.tsx";
import { Modal } from "./modal.tsx";

interface ShownOnceDialogProps {
  /** The secret; null keeps the dialog closed. */
  value: string | null;
  title: ReactNode;
  /** Why to copy it now: the server keeps no way to show it again. */
  text: ReactNode;
  label: string;
  copyLabel: string;
  doneLabel: ReactNode;
  onClose: () => void;
}

/** A secret the server shows once (a webhook's signing key, a personal access token), to copy before closing. */
export function ShownOnceDialog({ value, title, text, label, copyLabel, doneLabel, onClose }: ShownOnceDialogProps) {
  return (
    <Modal open={value !== null} onClose={onClose} title={title} size="sm" footer={<Button onClick={onClose}>{doneLabel}</Button>}>
      <p>{text}</p>
      {value ? <CopyField label={label} value={value} copyLabel={copyLabel} /> : null}
    </Modal>
  );
}
