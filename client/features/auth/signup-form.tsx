import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { Checkbox } from "../../components/checkbox.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { closeAuthModal, toast } from "../../lib/ui.ts";
import { checkConfirmation, checkEmail, checkPassword, checkUsername } from "./validation.ts";

type Field = "username" | "email" | "password" | "confirmPassword" | "agree";

export function SignupForm() {
  const { t } = useTranslation(["auth", "errors"]);
  const [values, setValues] = useState({ username: "", email: "", password: "", confirmPassword: "", agree: false });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<Field, string | undefined> = {
      username: checkUsername(values.username.trim()),
      email: checkEmail(values.email.trim()),
      password: checkPassword(values.password),
      confirmPassword: checkConfirmation(values.password, values.confirmPassword),
      agree: values.agree ? undefined : "terms_required",
    };
    const messages = Object.fromEntries(Object.entries(found).filter(([, code]) => code).map(([field, code]) => [field, t(`errors:${code}`)]));
    setErrors(messages);
    if (Object.keys(messages).length) return;
    setBusy(true);
    try {
      const answer = await api<{ message: string }>("/auth/signup", { method: "POST", body: { username: values.username.trim(), email: values.email.trim(), password: values.password } });
      toast.success(answer.message);
      closeAuthModal();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0) toast.error(t("auth:signup_network_error"));
      else if (error.fields.length) {
        setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.msg])));
        toast.error(t("auth:signup_fix_errors"));
      } else toast.error(error.message || t("auth:signup_failed_status", { status: error.status, statusText: "" }));
    } finally {
      setBusy(false);
    }
  }

  const set = (field: keyof typeof values) => (e: { target: { value: string; checked?: boolean } }) => setValues((v) => ({ ...v, [field]: field === "agree" ? Boolean(e.target.checked) : e.target.value }));
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <TextField label={t("auth:username_label")} name="username" autoComplete="username" value={values.username} onChange={set("username")} error={errors.username} />
      <TextField label={t("auth:email_label")} name="email" type="email" autoComplete="email" value={values.email} onChange={set("email")} error={errors.email} />
      <TextField label={t("auth:password_label")} name="password" type="password" autoComplete="new-password" value={values.password} onChange={set("password")} error={errors.password} />
      <TextField label={t("auth:confirm_password_label")} name="confirmPassword" type="password" autoComplete="new-password" value={values.confirmPassword} onChange={set("confirmPassword")} error={errors.confirmPassword} />
      <Checkbox
        label={
          <>
            {t("auth:agree_prefix")}{" "}
            <Link to="/terms-and-conditions" onClick={closeAuthModal}>
              {t("auth:terms_link")}
            </Link>
          </>
        }
        checked={values.agree}
        onChange={set("agree")}
        error={errors.agree}
      />
      <Button type="submit" busy={busy} busyLabel={t("auth:signing_up")}>
        {t("auth:signup_submit")}
      </Button>
    </form>
  );
}
