import { Link } from "@tanstack/react-router";
import { X } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "../../styles/auth.css";

/** The frameless card of the password screens: a title, a way back home, and the form. */
export function AuthCard({ title, onSubmit, children }: { title: string; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={onSubmit} noValidate>
        <Link to="/" className="icon-btn auth-card-close" aria-label={t("common:close")}>
          <X size={20} aria-hidden />
        </Link>
        <h1>{title}</h1>
        {children}
      </form>
    </main>
  );
}
