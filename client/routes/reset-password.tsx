import { createFileRoute } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/button.tsx";
import { TextField } from "../components/text-field.tsx";
import { AuthCard } from "../features/auth/auth-card.tsx";
import { checkEmail } from "../features/auth/validation.ts";
import { ApiError, api } from "../lib/api.ts";

export const Route = createFileRoute("/reset-password")({ component: ResetPasswordScreen });

function ResetPasswordScreen() {
  const { t } = useTranslation(["auth", "errors"]);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = checkEmail(email.trim());
    setError(code ? t(`errors:${code}`) : undefined);
    if (code) return;
    setBusy(true);
    try {
      setSent((await api<{ message: string }>("/auth/reset", { method: "POST", body: { email: email.trim() } })).message);
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields[0]?.msg ?? failure.message) : t("errors:network_error"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t("auth:reset_title")} onSubmit={submit}>
        <p className="muted">{t("auth:reset_text")}</p>
        <TextField label={t("auth:email_label")} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
        {sent ? <p className="auth-notice auth-notice-success" role="status">{sent}</p> : null}
        <Button type="submit" busy={busy} busyLabel={t("auth:reset_sending")}>
          {t("auth:reset_submit")}
        </Button>
    </AuthCard>
  );
}
