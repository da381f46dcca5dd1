import { Check, Copy, Eye, EyeOff } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../lib/ui.ts";
import "../i18n/screens/streams.ts";

interface CopyFieldProps {
  label: string;
  value: string;
  /** The copy button's accessible name ("Copier la clé de stream"). */
  copyLabel: string;
  /** A secret: masked until the user asks to see it. */
  secret?: boolean;
}

/** A read-only value with a copy button (and a show/hide toggle for secrets). */
export function CopyField({ label, value, copyLabel, secret = false }: CopyFieldProps) {
  const { t } = useTranslation("streams");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState(!secret);
  const { copied, copy } = useCopy(value, () => input.current);

  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field-row">
        <input ref={input} id={id} type={shown ? "text" : "password"} value={value} readOnly spellCheck={false} autoComplete="off" onFocus={(event) => event.currentTarget.select()} />
        {secret ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={shown ? t("hide_secret", { label }) : t("show_secret", { label })}
            title={shown ? t("hide_secret", { label }) : t("show_secret", { label })}
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          >
            {shown ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
          </button>
        ) : null}
        <button type="button" className="icon-btn" data-copy aria-label={copyLabel} title={copyLabel} onClick={() => void copy()}>
          {copied ? <Check size={18} aria-hidden className="copy-field-done" /> : <Copy size={18} aria-hidden />}
        </button>
      </div>
    </div>
  );
}

/**
 * The clipboard API exists only on secure pages; Arena on a LAN is often plain http://192.168…, where
 * the old select-and-copy command still works.
 */
/**
 * Copies `value` on demand, says so (a toast) and shows a check for 2 s: what every copy button does. `source` is the
 * field to select when the clipboard API is not there (plain http).
 */
export function useCopy(value: string, source?: () => HTMLElement | null) {
  const { t } = useTranslation("streams");
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    if (await copyText(value, source?.())) {
      setCopied(true);
      toast.success(t("copied"));
    } else toast.error(t("copy_failed"));
  };
  return { copied, copy };
}

async function copyText(text: string, source?: HTMLElement | null): Promise<boolean> {
  try {
    if (window.isSecureContext && navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the old way.
  }
  const scratch = document.createElement("textarea");
  scratch.value = text;
  scratch.setAttribute("readonly", "");
  scratch.style.position = "fixed";
  scratch.style.opacity = "0";
  (source?.parentElement ?? document.body).appendChild(scratch);
  scratch.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    scratch.remove();
  }
}
