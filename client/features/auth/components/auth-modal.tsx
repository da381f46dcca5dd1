import { useRouter } from "@tanstack/react-router";
import { lazy, Suspense, useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { type AuthTab, closeAuthModal, openAuthModal, useAuthModal } from "../../../lib/ui.ts";
import "../../../styles/auth.css";
import "../../../i18n/screens/auth.ts";

// The forms bring zod (and, when it is on, the captcha): they load when the dialog first opens, not with the page.
const LoginForm = lazy(() => import("./login-form.tsx").then((m) => ({ default: m.LoginForm })));
const SignupForm = lazy(() => import("./signup-form.tsx").then((m) => ({ default: m.SignupForm })));

/** Login and sign-up in one dialog (spec 01 §2); any screen opens it on either tab through authModalStore. */
export function AuthModal() {
  const { t } = useTranslation(["auth", "common"]);
  const tab = useAuthModal();
  const router = useRouter();
  const close = useCallback(() => {
    closeAuthModal();
    // A guarded route sent the visitor here with ?noAuth=true: closing must not leave the flag that reopens the dialog.
    const url = new URL(window.location.href);
    if (!url.searchParams.has("noAuth")) return;
    url.searchParams.delete("noAuth");
    router.history.replace(`${url.pathname}${url.search}${url.hash}`);
  }, [router]);

  const active = tab ?? "login";
  const tabs: { id: AuthTab; label: string }[] = [
    { id: "login", label: t("auth:tab_login") },
    { id: "signup", label: t("auth:tab_signup") },
  ];
  return (
    <Modal open={tab !== null} onClose={close} title={t(active === "signup" ? "auth:signup_title" : "auth:login_title")} size="sm">
      <Tabs<AuthTab> label={t("auth:tabs_label")} value={active} onChange={(next) => openAuthModal(next)} tabs={tabs} />
      <div className="auth-panel" role="tabpanel" aria-label={tabs.find((item) => item.id === active)!.label}>
        <Suspense
          fallback={
            <div className="auth-loading">
              <Spinner label={t("auth:form_loading")} />
            </div>
          }
        >
          {active === "signup" ? <SignupForm /> : <LoginForm />}
        </Suspense>
      </div>
    </Modal>
  );
}
