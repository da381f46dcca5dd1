import { Link } from "@tanstack/react-router";
import type { TFunction } from "i18next";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { SignupSchema } from "../../../../server/auth/schemas.ts";
import { Button } from "../../../components/button.tsx";
import { Checkbox } from "../../../components/checkbox.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { closeAuthModal, toast } from "../../../lib/ui.ts";
import { useSite } from "../../../data/site.ts";
import { forgetInvite, pendingInvite } from "../invite.ts";
import { type Answer, fieldMessages, postJson, splitFieldMessages } from "../api/auth-answers.ts";
import { checkConfirmation, checkEmail, checkPassword, checkUsername, fieldTexts, focusFirstField, focusFirstInvalid } from "../../../lib/validation.ts";
import "../../../i18n/screens/errors.ts";
import "../../../i18n/screens/auth.ts";

const FIELDS = ["username", "email", "password", "confirmPassword", "agree"] as const;
type Field = (typeof FIELDS)[number];
type TextFieldName = Exclude<Field, "agree">;

export function SignupForm() {
  const { t } = useTranslation(["auth", "errors"]);
  const [values, setValues] = useState({ username: "", email: "", password: "", confirmPassword: "", agree: false });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => focusFirstField(form.current), []);
  const signupsClosed = useSite().data?.signupsOpen === false;
  const invited = pendingInvite() !== undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const username = values.username.trim();
    const email = values.email.trim();
    const found = fieldTexts<Field>(
      {
        username: checkUsername(username),
        email: checkEmail(email),
        password: checkPassword(values.password),
        confirmPassword: checkConfirmation(values.password, values.confirmPassword),
        agree: values.agree ? undefined : "terms_required",
      },
      t,
    );
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(form.current);

    setBusy(true);
    const answer = await postJson("/auth/signup", { username, email, password: values.password, invite: pendingInvite() } satisfies z.input<typeof SignupSchema>);
    setBusy(false);
    if (answer?.ok && answer.body?.success !== false) {
      forgetInvite();
      toast.success(t("auth:signup_success"));
      closeAuthModal();
      return;
    }
    const shown = signupFailure(answer, t);
    setErrors(shown);
    if (Object.keys(shown).length) focusFirstInvalid(form.current);
  }

  const edit = (field: TextFieldName) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: TextFieldName, label: string, type: string, autoComplete: string) => (
    <TextField
      label={label}
      name={field}
      type={type}
      autoComplete={autoComplete}
      value={values[field]}
      onChange={edit(field)}
      error={errors[field]}
      {...(type === "text" ? { autoCapitalize: "none", spellCheck: false } : {})}
    />
  );

  return (
    <form ref={form} className="auth-form" onSubmit={submit} noValidate>
      {signupsClosed ? <p className="auth-notice">{invited ? t("auth:signup_invited") : t("errors:signups_closed")}</p> : null}
      {text("username", t("auth:username_label"), "text", "username")}
      {text("email", t("auth:email_label"), "email", "email")}
      {text("password", t("auth:password_label"), "password", "new-password")}
      {text("confirmPassword", t("auth:confirm_password_label"), "password", "new-password")}
      <Checkbox
        name="agree"
        label={
          <>
            {t("auth:agree_prefix")}{" "}
            <Link to="/terms-and-conditions" target="_blank" rel="noopener">
              {t("auth:terms_link")}
            </Link>
          </>
        }
        checked={values.agree}
        onChange={(event) => {
          const agree = event.target.checked;
          setValues((v) => ({ ...v, agree }));
          if (agree) setErrors((current) => ({ ...current, agree: undefined }));
        }}
        error={errors.agree}
      />
      <Button type="submit" busy={busy} busyLabel={t("auth:signing_up")}>
        {t("auth:signup_submit")}
      </Button>
    </form>
  );
}

/**
 * Spec 01 §8 for a refused sign-up: per-field messages plus 'Please fix the form errors and try
 * again.'; a message alone as a toast; otherwise 'Signup failed: {status} {statusText}'; no answer,
 * the network text. Returns the messages to show under the fields.
 */
function signupFailure(answer: Answer<unknown> | null, t: TFunction): Partial<Record<Field, string>> {
  if (!answer) {
    toast.error(t("auth:signup_network_error"));
    return {};
  }
  const messages = fieldMessages(answer.body);
  if (messages.length) {
    const { shown, others } = splitFieldMessages(messages, FIELDS);
    toast.error(t("auth:signup_fix_errors"));
    for (const message of others) toast.error(message);
    return shown;
  }
  toast.error(answer.body?.msg || t("auth:signup_failed_status", { status: answer.status, statusText: answer.statusText }).trim());
  return {};
}
