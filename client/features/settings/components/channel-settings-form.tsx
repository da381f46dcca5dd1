import { serverFields } from "../../../lib/api.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Switch } from "../../../components/switch.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { toast } from "../../../lib/ui.ts";
import { useChannelSettings } from "../api/get-channel-settings.ts";
import { useUpdateChannelSettings } from "../api/update-channel-settings.ts";
import { LiveAccessPanel } from "./live-access-panel.tsx";
import { StreamKeyPanel } from "./stream-key-panel.tsx";
import { SrtPanel } from "./srt-panel.tsx";
import "../../../i18n/screens/community.ts";

const SOCIAL_FIELDS = ["website", "facebook", "instagram", "twitter", "youtube"] as const;

/** PayPal.me, biography and social links (only the changed ones are sent), then the stream key. */
export function ChannelSettingsForm() {
  const { t } = useTranslation("community");
  const settings = useChannelSettings();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateChannelSettings({
    onSuccess: () => {
      setDraft({});
      setErrors({});
      toast.success(t("channel_saved"));
    },
    onError: (error) => setErrors(serverFields(error)),
  });
  if (settings.data === undefined) return <QueryState query={settings} pending={<Skeleton height={320} />} failure={t("channel_load_failed")} />;
  const saved: Record<string, string> = {
    paypalme: settings.data.paypalme ?? "",
    about: settings.data.about,
    ...Object.fromEntries(SOCIAL_FIELDS.map((key) => [key, settings.data.social[key] ?? ""])),
  };
  const value = (key: string) => draft[key] ?? saved[key] ?? "";
  const changed = Object.entries(draft).some(([key, v]) => v !== saved[key]);
  const set = (key: string) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));
  return (
    <div className="settings-stack">
      <form
        className="settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft);
        }}
        noValidate
      >
        <TextField label={t("paypalme")} hint={t("paypalme_hint")} value={value("paypalme")} onChange={set("paypalme")} error={errors.paypalme} />
        <div className="field">
          <label htmlFor="channel-about">{t("biography")}</label>
          <textarea id="channel-about" rows={4} maxLength={1000} value={value("about")} onChange={set("about")} />
        </div>
        {SOCIAL_FIELDS.map((key) => (
          <TextField key={key} label={t(`social_${key}`)} hint={t(`social_${key}_hint`)} value={value(key)} onChange={set(key)} error={errors[key]} />
        ))}
        <Button type="submit" disabled={!changed} busy={save.isPending}>
          {t("save")}
        </Button>
      </form>
      <LiveAccessPanel settings={settings.data} />
      <BracketMessagesSwitch on={settings.data.bracketMessages} />
      <ClipsSwitch on={settings.data.clips} />
      <StreamKeyPanel />
      <SrtPanel />
    </div>
  );
}

/** The tournament's lines in the channel's chat (issue 18): saved as soon as it is flipped. */
function BracketMessagesSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation("community");
  const save = useUpdateChannelSettings({ onSuccess: () => toast.success(t("channel_saved")), onError: (error) => toast.error(error.message) });
  return (
    <div className="settings-form">
      <Switch label={t("bracket_messages")} description={t("bracket_messages_hint")} checked={on} disabled={save.isPending} onChange={(bracketMessages) => save.mutate({ bracketMessages })} />
    </div>
  );
}

/** Whether viewers may clip this channel (issue 19, item 4): saved as soon as it is flipped. */
function ClipsSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation("community");
  const save = useUpdateChannelSettings({ onSuccess: () => toast.success(t("channel_saved")), onError: (error) => toast.error(error.message) });
  return (
    <div className="settings-form">
      <Switch label={t("clips_setting")} description={t("clips_setting_hint")} checked={on} disabled={save.isPending} onChange={(clips) => save.mutate({ clips })} />
    </div>
  );
}
