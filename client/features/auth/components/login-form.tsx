import { Link } from "@tanstack/react-router";
import type { z } from "zod";
import type { LoginResponse, LoginSchema } from "../../../../server/auth/schemas.ts";
import type { TFunction } from "i18next";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Checkbox } from "../../../components/checkbox.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { type SessionUser, setSessionUser } from "../../../data/session.ts";
import { closeAuthModal, toast } from "../../../lib/ui.ts";
import { useAuthOptions } from "../api/get-auth-options.ts";
import { type Answer, fieldMessages, postJson, splitFieldMessages } from "../api/auth-answers.ts";
import { type CaptchaControls, CaptchaField } from "./captcha-field.tsx";
import { initChannel } from "../api/init-channel.ts";
import { flashToast } from "../flash.ts";
import { ProviderButtons } from "./provider-buttons.tsx";
import { checkLogin, checkPassword, fieldTexts, focusFirstField, focusFirstInvalid } from "../../../lib/validation.ts";
import "../../../i18n/screens/errors.ts";
import "../../../i18n/screens/auth.ts";

const FIELDS = ["login", "password", "captchaToken"] as const;
type Field = (typeof FIELDS)[number];
type LoginAnswer = Partial<LoginResponse>;

export function LoginForm() {
  const { t } = useTranslation(["auth", "errors"]);
  const captchaOn = useAuthOptions().data?.captcha === true;
  const [values, setValues] = useState({ login: "", password: "", rememberMe: false });
  const [captchaToken, setCaptchaToken] = useState<string>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => focusFirstField(form.current), []);
  const captcha = useRef<CaptchaControls>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const login = values.login.trim();
    const found = fieldTexts<Field>({ login: checkLogin(login), password: checkPassword(values.password), captchaToken: captchaOn && !captchaToken ? "captcha_required" : undefined }, t);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(form.current);

    setBusy(true);
    const answer = await postJson<LoginAnswer>("/auth/login", { login, password: values.password, rememberMe: values.rememberMe, captchaToken: captchaOn ? captchaToken : undefined } satisfies z.input<
      typeof LoginSchema
    >);
    if (answer?.ok && answer.body?.success && answer.body.user) return completeLogin(answer.body.user, answer.body.firstLogin === true, t);
    setBusy(false);
    // A solved challenge is good for one try: the next one needs a fresh proof.
    if (captchaOn && captchaToken) {
      setCaptchaToken(undefined);
      captcha.current?.renew();
    }
    const shown = loginFailure(answer, captchaOn, t);
    setErrors(shown);
    if (Object.keys(shown).length) focusFirstInvalid(form.current);
  }

  const edit = (field: "login" | "password") => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const onCaptcha = (token: string | undefined) => {
    setCaptchaToken(token);
    if (token) setErrors((current) => ({ ...current, captchaToken: undefined }));
  };

  return (
    <form ref={form} className="auth-form" onSubmit={submit} noValidate>
      <TextField label={t("auth:login_label")} name="login" autoComplete="username" autoCapitalize="none" spellCheck={false} value={values.login} onChange={edit("login")} error={errors.login} />
      <TextField label={t("auth:password_label")} name="password" type="password" autoComplete="current-password" value={values.password} onChange={edit("password")} error={errors.password} />
      <div className="auth-row">
        <Checkbox label={t("auth:remember_me")} name="rememberMe" checked={values.rememberMe} onChange={(event) => setValues((v) => ({ ...v, rememberMe: event.target.checked }))} />
        <Link to="/reset-password" onClick={closeAuthModal}>
          {t("auth:forgot_password")}
        </Link>
      </div>
      {captchaOn ? <CaptchaField onToken={onCaptcha} error={errors.captchaToken} controls={captcha} /> : null}
      <Button type="submit" busy={busy} busyLabel={t("auth:logging_in")}>
        {t("auth:login_submit")}
      </Button>
      <ProviderButtons />
    </form>
  );
}

/**
 * Spec 01 §4: the user is stored and the page reloads; a first login is welcomed and initialises the
 * channel. The toast is kept across the reload, and a `noAuth` flag must not reopen the modal.
 */
async function completeLogin(user: SessionUser, firstLogin: boolean, t: TFunction): Promise<void> {
  setSessionUser(user);
  if (firstLogin) {
    flashToast("success", t("auth:welcome", { username: user.username }));
    await initChannel();
  }
  closeAuthModal();
  const url = new URL(window.location.href);
  url.searchParams.delete("noAuth");
  if (url.href === window.location.href) window.location.reload();
  else window.location.replace(url.href);
}

/**
 * Spec 01 §8 for a refused login: field messages under their fields; a message alone as a toast;
 * neither, 'invalid credentials'; no answer, the network error; an answer saying success false,
 * 'login failed'. Returns the messages to show under the fields.
 */
function loginFailure(answer: Answer<LoginAnswer> | null, captchaShown: boolean, t: TFunction): Partial<Record<Field, string>> {
  if (!answer) {
    toast.error(t("errors:network_error"));
    return {};
  }
  if (answer.ok) {
    toast.error(t("errors:login_failed"));
    return {};
  }
  const { shown, others } = splitFieldMessages(fieldMessages(answer.body), captchaShown ? FIELDS : FIELDS.filter((f) => f !== "captchaToken"));
  for (const message of others) toast.error(message);
  if (Object.keys(shown).length || others.length) return shown;
  toast.error(answer.body?.msg || t("errors:invalid_credentials"));
  return {};
}
