import { Link } from "@tanstack/react-router";
import { Ban, FileQuestion, Lock, ServerCrash, ShieldAlert, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

export type ErrorKind = "not_found" | "blocked" | "forbidden" | "unauthorized" | "server_error";

const icons: Record<ErrorKind, LucideIcon> = { not_found: FileQuestion, blocked: Ban, forbidden: ShieldAlert, unauthorized: Lock, server_error: ServerCrash };
const codes: Record<ErrorKind, string> = { not_found: "404", blocked: "", forbidden: "403", unauthorized: "401", server_error: "500" };

/** The error screens of spec 01 §8, each with its title, a sentence and the way back home. */
export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  const Icon = icons[kind];
  return (
    <main className="page error-page">
      <Icon size={56} aria-hidden className="error-page-icon" />
      {codes[kind] ? <p className="error-page-code">{codes[kind]}</p> : null}
      <h1>{t(`error_${kind}_title`)}</h1>
      <p className="muted">{t(`error_${kind}_text`)}</p>
      <Link to="/" className="btn btn-primary">
        {t("back_home")}
      </Link>
    </main>
  );
}

export function NotFoundPage() {
  return <ErrorPage kind="not_found" />;
}
