import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Me } from "../../../server/auth/schemas.ts";
import { Button } from "../../components/button.tsx";
import { Checkbox } from "../../components/checkbox.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { setSessionUser } from "../../lib/session.ts";
import { closeAuthModal, toast } from "../../lib/ui.ts";
import { useAuthOptions } from "./auth-options.ts";
import { solveCaptcha } from "./captcha.ts";
import { signInWithProvider } from "./provider-login.ts";
import { checkLogin, checkPassword } from "./validation.ts";

type Field = "login" | "password" | "captchaToken";

export function LoginForm() {
  const { t } = useTranslation(["auth", "errors"]);
  const options = useAuthOptions();
  const [values, setValues] = useState({ login: "", password: "", rememberMe: false });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { login: checkLogin(values.login.trim()), password: checkPassword(values.password) };
    setErrors(Object.fromEntries(Object.entries(found).filter(([, code]) => code).map(([field, code]) => [field, t(`errors:${code}`)])));
    if (found.login || found.password) return;
    setBusy(true);
    try {
      const captchaToken = options.data?.captcha ? await solveCaptcha() : undefined;
      const answer = await api<{ success: boolean; firstLogin: boolean; user: Me }>("/auth/login", { method: "POST", body: { ...values, login: values.login.trim(), captchaToken }, logoutOn401: false });
      if (!answer.success) return toast.error(t("errors:login_failed"));
      setSessionUser(answer.user);
      if (answer.firstLogin) {
        toast.success(t("auth:welcome", { username: answer.user.username }));
        await api("/stream/mychannel/init", { method: "POST" }).catch(() => undefined);
      }
      closeAuthModal();
      // Spec 01 §4: after a login the page reloads with the stored user.
      window.location.replace(window.location.pathname === "/" ? "/" : window.location.href.replace(/[?&]noAuth=true/, ""));
    } catch (error) {
      showLoginError(error, setErrors, t);
    } finally {
      setBusy(false);
    }
  }

  const set = (field: keyof typeof values) => (e: { target: { value: string; checked?: boolean } }) => setValues((v) => ({ ...v, [field]: field === "rememberMe" ? Boolean(e.target.checked) : e.target.value }));
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <TextField label={t("auth:login_label")} name="login" autoComplete="username" value={values.login} onChange={set("login")} error={errors.login} />
      <TextField label={t("auth:password_label")} name="password" type="password" autoComplete="current-password" value={values.password} onChange={set("password")} error={errors.password} />
      <div className="auth-row">
        <Checkbox label={t("auth:remember_me")} checked={values.rememberMe} onChange={set("rememberMe")} />
        <Link to="/reset-password" onClick={closeAuthModal}>
          {t("auth:forgot_password")}
        </Link>
      </div>
      {options.data?.captcha ? <p className="muted small">{t("auth:captcha_note")}</p> : null}
      {errors.captchaToken ? <p className="field-error" role="alert">{errors.captchaToken}</p> : null}
      <Button type="submit" busy={busy} busyLabel={t("auth:logging_in")}>
        {t("auth:login_submit")}
      </Button>
      <ProviderButtons />
    </form>
  );
}

/** Spec 01 §8: field errors under their fields, a message alone as a toast, the dictionary's words otherwise. */
function showLoginError(error: unknown, setErrors: (errors: Partial<Record<Field, string>>) => void, t: (key: string) => string): void {
  if (!(error instanceof ApiError)) return void toast.error(t("errors:network_error"));
  if (error.status === 0) return void toast.error(t("errors:network_error"));
  if (error.fields.length) return setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.msg])));
  toast.error(error.message || t("errors:invalid_credentials"));
}

export function ProviderButtons() {
  const { t } = useTranslation("auth");
  const options = useAuthOptions();
  const providers = options.data?.providers;
  if (!providers?.google && !providers?.facebook) return null;
  return (
    <div className="auth-providers">
      <span className="muted small">{t("auth:or")}</span>
      {providers.google ? (
        <Button variant="secondary" onClick={() => signInWithProvider("google")}>
          {t("auth:with_google")}
        </Button>
      ) : null}
      {providers.facebook ? (
        <Button variant="secondary" onClick={() => signInWithProvider("facebook")}>
          {t("auth:with_facebook")}
        </Button>
      ) : null}
    </div>
  );
}
