import { createFileRoute, Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/button.tsx";
import { TextField } from "../components/text-field.tsx";
import { AuthCard } from "../features/auth/auth-card.tsx";
import { checkConfirmation, checkNewPassword } from "../features/auth/validation.ts";
import { ApiError, api } from "../lib/api.ts";

export const Route = createFileRoute("/new-password/$token")({ component: NewPasswordScreen });

function NewPasswordScreen() {
  const { t } = useTranslation(["auth", "errors"]);
  const { token } = Route.useParams();
  const [values, setValues] = useState({ password: "", confirmation: "" });
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [warning, setWarning] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { password: checkNewPassword(values.password), confirmation: checkConfirmation(values.password, values.confirmation) };
    setErrors({ password: found.password && t(`errors:${found.password}`), confirmation: found.confirmation && t(`errors:${found.confirmation}`) });
    if (found.password || found.confirmation) return;
    setBusy(true);
    setWarning(undefined);
    try {
      setDone((await api<{ message: string }>(`/auth/reset/${encodeURIComponent(token)}`, { method: "POST", body: { password: values.password } })).message);
    } catch (failure) {
      // Spec 01 §8: a 400 shows the server's message as a warning.
      setWarning(failure instanceof ApiError ? failure.message : t("errors:network_error"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t("auth:new_password_title")} onSubmit={submit}>
        {done ? (
          <>
            <p className="auth-notice auth-notice-success" role="status">{done}</p>
            <Link to="/" search={{ noAuth: true }} className="btn btn-primary">
              {t("auth:back_to_login")}
            </Link>
          </>
        ) : (
          <>
            <TextField label={t("auth:new_password_label")} type="password" autoComplete="new-password" value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} error={errors.password} />
            <TextField label={t("auth:confirm_password_label")} type="password" autoComplete="new-password" value={values.confirmation} onChange={(e) => setValues((v) => ({ ...v, confirmation: e.target.value }))} error={errors.confirmation} />
            {warning ? <p className="auth-notice auth-notice-warning" role="alert">{warning}</p> : null}
            <Button type="submit" busy={busy} busyLabel={t("auth:new_password_saving")}>
              {t("auth:new_password_submit")}
            </Button>
          </>
        )}
    </AuthCard>
  );
}
