import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { copyText } from "../../../components/copy-field.tsx";
import { toast } from "../../../lib/ui.ts";
import "../../../i18n/screens/fediverse.ts";
import "../../../i18n/screens/streams.ts";
import "../../../styles/fediverse.css";

/** An actor's handle with a copy button: discreet on a public page, the same line in its owner's panel. */
export function HandleLine({ handle, label }: { handle: string; label?: string }) {
  const { t } = useTranslation(["fediverse", "streams"]);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    if (await copyText(handle)) {
      setCopied(true);
      toast.success(t("streams:copied"));
    } else toast.error(t("streams:copy_failed"));
  };
  return (
    <p className="fediverse-handle">
      <span className="muted">{label ?? t("fediverse:on_fediverse")}</span>{" "}
      <span className="fediverse-handle-group">
        <span className="fediverse-handle-value">{handle}</span>
        <button type="button" className="icon-btn fediverse-copy" aria-label={t("fediverse:copy_handle")} title={t("fediverse:copy_handle")} onClick={() => void copy()}>
          {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
        </button>
      </span>
    </p>
  );
}
