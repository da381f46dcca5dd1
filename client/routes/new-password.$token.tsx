import { createFileRoute, Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/button.tsx";
import { TextField } from "../components/text-field.tsx";
import { AuthCard, AuthNotice } from "../features/auth/components/auth-card.tsx";
// The validation checks bring the "errors" texts (a route file's bare imports would stay in the first load).
import { checkConfirmation, checkNewPassword } from "../lib/validation.ts";
import type { z } from "zod";
import type { ResetPasswordSchema, SuccessMessage } from "../../server/auth/schemas.ts";
import { ApiError, api } from "../lib/api.ts";

export const Route = createFileRoute("/new-password/$token")({ component: NewPasswordScreen });

type Field = "password" | "confirmation";

/** Spec 01 §2, §5, §8: a new password and its confirmation; a 400 shows the server's message as a warning. */
function NewPasswordScreen() {
  const { t } = useTranslation(["auth", "errors"]);
  const { token } = Route.useParams();
  const [values, setValues] = useState<Record<Field, string>>({ password: "", confirmation: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [warning, setWarning] = useState<{ text: string; linkExpired: boolean }>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const password = checkNewPassword(values.password);
    const confirmation = checkConfirmation(values.password, values.confirmation);
    setErrors({ password: password && t(`errors:${password}`), confirmation: confirmation && t(`errors:${confirmation}`) });
    setWarning(undefined);
    if (password || confirmation) return;
    setBusy(true);
    try {
      setDone((await api<SuccessMessage>(`/auth/reset/${encodeURIComponent(token)}`, { method: "POST", body: { password: values.password } satisfies z.input<typeof ResetPasswordSchema> })).message);
    } catch (failure) {
      const text = failure instanceof ApiError ? failure.message : t("errors:network_error");
      setWarning({ text, linkExpired: failure instanceof ApiError && failure.code === "reset_token_invalid" });
    } finally {
      setBusy(false);
    }
  }

  const edit = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  if (done) {
    return (
      <AuthCard title={t("auth:new_password_title")}>
        <AuthNotice kind="success">{done}</AuthNotice>
        <Link to="/" search={{ noAuth: true }} className="btn btn-primary">
          {t("auth:back_to_login")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("auth:new_password_title")} onSubmit={submit}>
      <TextField
        label={t("auth:new_password_label")}
        name="password"
        type="password"
        autoComplete="new-password"
        autoFocus
        value={values.password}
        onChange={edit("password")}
        error={errors.password}
      />
      <TextField
        label={t("auth:confirm_password_label")}
        name="confirmation"
        type="password"
        autoComplete="new-password"
        value={values.confirmation}
        onChange={edit("confirmation")}
        error={errors.confirmation}
      />
      {warning ? (
        <AuthNotice kind="warning">
          {warning.text}
          {warning.linkExpired ? (
            <>
              {" "}
              <Link to="/reset-password">{t("auth:reset_ask_again")}</Link>
            </>
          ) : null}
        </AuthNotice>
      ) : null}
      <Button type="submit" busy={busy} busyLabel={t("auth:new_password_saving")}>
        {t("auth:new_password_submit")}
      </Button>
    </AuthCard>
  );
}
