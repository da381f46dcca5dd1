import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Tabs } from "../../../components/tabs.tsx";
import type { SettingsTab } from "../settings-tabs.ts";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { ChannelSettingsForm } from "./channel-settings-form.tsx";
import { EditProfileForm } from "./edit-profile-form.tsx";
import { MultiStreamingForm } from "./multi-streaming-form.tsx";
import { PersonalDataPanel } from "./personal-data-panel.tsx";
import "../../../styles/community.css";
import "../../../i18n/screens/community.ts";

/**
 * /settings (spec 01 §2): Edit profile, Change Password, Channel settings, Multi-streaming; each saves only after a change.
 * Personal data (issue 20) adds the member's RGPD rights: a copy of their data, the deletion of their account.
 * Integrations (issue 36) hold the channel's webhooks; Fédivers (issue 38) its followers there and the accounts it follows. `avatarUpload` (the profile feature's upload button) and
 * `integrations` (the webhooks feature's panel) and `raids` (who may raid the channel, issue 36 item 5) come from the
 * route: a feature never imports another.
 */
export function SettingsPage({
  avatarUpload,
  integrations,
  fediverse,
  raids,
  initialTab = "profile",
}: {
  avatarUpload: ReactNode;
  integrations: ReactNode;
  fediverse: ReactNode;
  raids: ReactNode;
  initialTab?: SettingsTab;
}) {
  const { t } = useTranslation("community");
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  const tabs = [
    { id: "profile" as const, label: t("settings_tab_profile") },
    { id: "password" as const, label: t("settings_tab_password") },
    { id: "channel" as const, label: t("settings_tab_channel") },
    { id: "restream" as const, label: t("settings_tab_restream") },
    { id: "integrations" as const, label: t("settings_tab_integrations") },
    { id: "fediverse" as const, label: t("settings_tab_fediverse") },
    { id: "raids" as const, label: t("settings_tab_raids") },
    { id: "privacy" as const, label: t("settings_tab_privacy") },
  ];
  return (
    <main className="page settings-page">
      <h1>{t("settings_title")}</h1>
      <Tabs label={t("settings_title")} value={tab} onChange={setTab} tabs={tabs} />
      <div role="tabpanel" aria-label={tabs.find((x) => x.id === tab)!.label} className="settings-panel">
        {tab === "profile" ? <EditProfileForm avatarUpload={avatarUpload} /> : null}
        {tab === "password" ? <ChangePasswordForm /> : null}
        {tab === "channel" ? <ChannelSettingsForm /> : null}
        {tab === "restream" ? <MultiStreamingForm /> : null}
        {tab === "integrations" ? integrations : null}
        {tab === "fediverse" ? fediverse : null}
        {tab === "raids" ? raids : null}
        {tab === "privacy" ? <PersonalDataPanel /> : null}
      </div>
    </main>
  );
}
