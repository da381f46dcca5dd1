import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/modal.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { Tabs } from "../../components/tabs.tsx";
import { type AuthTab, closeAuthModal, openAuthModal, useAuthModal } from "../../lib/ui.ts";

// The forms bring zod and the captcha solver: they load when the dialog first opens, not with the page.
const LoginForm = lazy(() => import("./login-form.tsx").then((m) => ({ default: m.LoginForm })));
const SignupForm = lazy(() => import("./signup-form.tsx").then((m) => ({ default: m.SignupForm })));
import "../../styles/auth.css";

/** Login and sign-up in one dialog (spec 01 §2); any screen opens it on either tab. */
export function AuthModal() {
  const { t } = useTranslation("auth");
  const tab = useAuthModal();
  return (
    <Modal open={tab !== null} onClose={closeAuthModal} title={t(tab === "signup" ? "signup_title" : "login_title")}>
      <Tabs<AuthTab>
        label={t("auth:tabs_label")}
        value={tab ?? "login"}
        onChange={(next) => openAuthModal(next)}
        tabs={[
          { id: "login", label: t("auth:tab_login") },
          { id: "signup", label: t("auth:tab_signup") },
        ]}
      />
      <div className="auth-panel">
        <Suspense fallback={<Spinner label={t("auth:logging_in")} />}>{tab === "signup" ? <SignupForm /> : <LoginForm />}</Suspense>
      </div>
    </Modal>
  );
}
