import { createFileRoute } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/button.tsx";
import { TextField } from "../components/text-field.tsx";
import { AuthCard, AuthNotice } from "../features/auth/components/auth-card.tsx";
// The validation checks bring the "errors" texts (a route file's bare imports would stay in the first load).
import { checkEmail } from "../lib/validation.ts";
import type { z } from "zod";
import type { ResetRequestSchema, SuccessMessage } from "../../server/auth/schemas.ts";
import { ApiError, api } from "../lib/api.ts";

export const Route = createFileRoute("/reset-password")({ component: ResetPasswordScreen });

/** Spec 01 §2: an email, 'Reset Password', a way back to /; the server's answer is shown as it comes. */
function ResetPasswordScreen() {
  const { t } = useTranslation(["auth", "errors"]);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<{ kind: "success" | "warning"; text: string }>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    const code = checkEmail(address);
    setError(code ? t(`errors:${code}`) : undefined);
    setNotice(undefined);
    if (code) return;
    setBusy(true);
    try {
      const { message } = await api<SuccessMessage>("/auth/reset", { method: "POST", body: { email: address } satisfies z.input<typeof ResetRequestSchema> });
      setNotice({ kind: "success", text: message });
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields[0]) setError(failure.fields[0].msg);
      else setNotice({ kind: "warning", text: failure instanceof ApiError ? failure.message : t("errors:network_error") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t("auth:reset_title")} onSubmit={submit}>
      <p className="muted">{t("auth:reset_text")}</p>
      <TextField
        label={t("auth:email_label")}
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setError(undefined);
        }}
        error={error}
      />
      {notice ? <AuthNotice kind={notice.kind}>{notice.text}</AuthNotice> : null}
      <Button type="submit" busy={busy} busyLabel={t("auth:reset_sending")}>
        {t("auth:reset_submit")}
      </Button>
    </AuthCard>
  );
}
