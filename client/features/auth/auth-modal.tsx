import { useTranslation } from "react-i18next";
import { Modal } from "../../components/modal.tsx";
import { Tabs } from "../../components/tabs.tsx";
import { type AuthTab, closeAuthModal, openAuthModal, useAuthModal } from "../../lib/ui.ts";
import { LoginForm } from "./login-form.tsx";
import { SignupForm } from "./signup-form.tsx";
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
      <div className="auth-panel">{tab === "signup" ? <SignupForm /> : <LoginForm />}</div>
    </Modal>
  );
}
