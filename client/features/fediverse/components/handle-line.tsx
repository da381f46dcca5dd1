import { Check, Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useCopy } from "../../../components/copy-field.tsx";
import "../../../i18n/screens/fediverse.ts";
import "../../../styles/fediverse.css";

/** An actor's handle with a copy button: discreet on a public page, the same line in its owner's panel. */
export function HandleLine({ handle, label }: { handle: string; label?: string }) {
  const { t } = useTranslation("fediverse");
  const { copied, copy } = useCopy(handle);
  return (
    <p className="fediverse-handle">
      <span className="muted">{label ?? t("on_fediverse")}</span>{" "}
      <span className="fediverse-handle-group">
        <span className="fediverse-handle-value">{handle}</span>
        <button type="button" className="icon-btn fediverse-copy" aria-label={t("copy_handle")} title={t("copy_handle")} onClick={() => void copy()}>
          {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
        </button>
      </span>
    </p>
  );
}
