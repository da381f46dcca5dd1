import { Link } from "@tanstack/react-router";
import { AlertTriangle, CheckCircle2, X } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "../../../styles/auth.css";
import "../../../i18n/screens/auth.ts";

/** The frameless card of the password screens (no shell there): a title, a way back home, and the form. */
export function AuthCard({ title, onSubmit, children }: { title: string; onSubmit?: (event: FormEvent) => void; children: ReactNode }) {
  const { t } = useTranslation();
  const body = (
    <>
      <Link to="/" className="icon-btn auth-card-close" aria-label={t("common:close")}>
        <X size={20} aria-hidden />
      </Link>
      <Link to="/" className="auth-card-brand">
        {t("common:app_name")}
      </Link>
      <h1>{title}</h1>
      {children}
    </>
  );
  return (
    <main className="auth-page">
      {onSubmit ? (
        <form className="auth-card" onSubmit={onSubmit} noValidate>
          {body}
        </form>
      ) : (
        <div className="auth-card">{body}</div>
      )}
    </main>
  );
}

/** A result under a form: success is announced politely, a warning at once. Colour is never the only signal: each has its icon. */
export function AuthNotice({ kind, children }: { kind: "success" | "warning"; children: ReactNode }) {
  const Icon = kind === "success" ? CheckCircle2 : AlertTriangle;
  return (
    <div className={`auth-notice auth-notice-${kind}`} role={kind === "success" ? "status" : "alert"}>
      <Icon size={18} aria-hidden />
      <p>{children}</p>
    </div>
  );
}
