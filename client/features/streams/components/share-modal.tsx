import { Send } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal.tsx";
import { CopyField } from "../../../components/copy-field.tsx";
import { EmbedCodes } from "../../../components/embeds/embed-share.tsx";
import { facebookShareUrl, streamPageUrl } from "../share-links.ts";
import "../../../i18n/screens/streams.ts";

interface ShareModalProps {
  open: boolean;
  onClose: () => void;
  username: string;
  title: string;
}

/** The page link to copy and four networks to share it on, each in a new tab (spec 01 §2); the player's and the chat's code to embed them. */
export function ShareModal({ open, onClose, username, title }: ShareModalProps) {
  const { t } = useTranslation("streams");
  const pageUrl = streamPageUrl(username);
  const text = t("share_text", { username, title });
  const targets: { name: string; href: string; icon: ReactNode; className: string }[] = [
    { name: "Facebook", href: facebookShareUrl(pageUrl), icon: <FacebookIcon />, className: "share-facebook" },
    { name: "X", href: `https://twitter.com/intent/tweet?url=${encodeURIComponent(pageUrl)}&text=${encodeURIComponent(text)}`, icon: <XIcon />, className: "share-x" },
    { name: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${text} ${pageUrl}`)}`, icon: <WhatsAppIcon />, className: "share-whatsapp" },
    { name: "Telegram", href: `https://t.me/share/url?url=${encodeURIComponent(pageUrl)}&text=${encodeURIComponent(text)}`, icon: <Send size={18} aria-hidden />, className: "share-telegram" },
  ];
  return (
    <Modal open={open} onClose={onClose} title={t("share_title")} size="sm">
      <div className="share-body">
        <CopyField label={t("share_link_label")} value={pageUrl} copyLabel={t("copy_link")} />
        <ul className="share-targets">
          {targets.map((target) => (
            <li key={target.name}>
              <a className={`share-target ${target.className}`} href={target.href} target="_blank" rel="noopener noreferrer" aria-label={t("share_on", { network: target.name })}>
                <span className="share-target-icon">{target.icon}</span>
                <span>{target.name}</span>
              </a>
            </li>
          ))}
        </ul>
        <EmbedCodes
          targets={[
            { kind: "player", key: username, title: title || username },
            { kind: "chat", key: username, title: title || username },
          ]}
        />
      </div>
    </Modal>
  );
}

function FacebookIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.43c0-3.01 1.79-4.67 4.53-4.67 1.31 0 2.69.23 2.69.23v2.96h-1.52c-1.49 0-1.96.93-1.96 1.88v2.25h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07z"
      />
    </svg>
  );
}

function XIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.67l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64z" />
    </svg>
  );
}

function WhatsAppIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12.04 2C6.58 2 2.13 6.45 2.13 11.91c0 1.75.46 3.45 1.32 4.95L2.05 22l5.25-1.38a9.9 9.9 0 0 0 4.74 1.21c5.46 0 9.91-4.45 9.91-9.91S17.5 2 12.04 2zm0 18.15c-1.48 0-2.93-.4-4.2-1.15l-.3-.18-3.12.82.83-3.04-.2-.31a8.2 8.2 0 0 1-1.26-4.38c0-4.54 3.7-8.24 8.24-8.24 4.54 0 8.24 3.7 8.24 8.24 0 4.54-3.7 8.24-8.24 8.24zm4.52-6.17c-.25-.12-1.47-.72-1.69-.81-.23-.08-.39-.12-.56.12-.17.25-.64.81-.78.97-.14.17-.29.19-.54.06-.25-.12-1.05-.39-1.99-1.23-.74-.66-1.23-1.47-1.38-1.72-.14-.25-.02-.38.11-.51.11-.11.25-.29.37-.43.12-.15.17-.25.25-.41.08-.17.04-.31-.02-.43-.06-.12-.56-1.34-.76-1.84-.2-.48-.41-.42-.56-.43h-.48c-.17 0-.43.06-.66.31-.23.25-.86.85-.86 2.07 0 1.22.89 2.4 1.01 2.56.12.17 1.75 2.67 4.23 3.74.59.26 1.05.41 1.41.52.59.19 1.13.16 1.56.1.48-.07 1.47-.6 1.67-1.18.21-.58.21-1.07.14-1.18-.06-.1-.22-.16-.47-.28z"
      />
    </svg>
  );
}
