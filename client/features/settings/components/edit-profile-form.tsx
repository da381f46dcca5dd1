import { Link } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Button } from "../../../components/button.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { ApiError, serverFields } from "../../../lib/api.ts";
import { useSession } from "../../../data/session.ts";
import { toast } from "../../../lib/ui.ts";
import { checkUsername, fieldTexts } from "../../../lib/validation.ts";
import { useChannelSettings } from "../api/get-channel-settings.ts";
import { type ProfileFields, useUpdateProfile } from "../api/update-profile.ts";
import "../../../i18n/screens/community.ts";

/** Names, username and biography, saved together; the avatar saves on its own; the e-mail is shown, not edited. */
export function EditProfileForm({ avatarUpload }: { avatarUpload: ReactNode }) {
  const { t } = useTranslation("community");
  const { user } = useSession();
  const channel = useChannelSettings();
  const initial: ProfileFields = { firstName: user?.firstName ?? "", lastName: user?.lastName ?? "", username: user?.username ?? "", about: channel.data?.about ?? "" };
  const [draft, setDraft] = useState<Partial<ProfileFields>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const value = { ...initial, ...draft };
  const changed = (Object.keys(draft) as (keyof ProfileFields)[]).filter((key) => draft[key] !== initial[key]);
  const save = useUpdateProfile({
    onSuccess: () => {
      setDraft({});
      toast.success(t("profile_saved"));
    },
    onError: (error) => {
      setErrors(serverFields(error));
      if (!(error instanceof ApiError && error.fields.length)) toast.error(error.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldTexts({ username: changed.includes("username") ? checkUsername(value.username.trim()) : undefined }, t);
    setErrors(found as Record<string, string>);
    if (!found.username) save.mutate({ value, changed });
  };
  // The biography comes with the channel's settings: without them the form would offer an empty one as if it were saved.
  if (channel.data === undefined) return <QueryState query={channel} pending={<Skeleton height={320} />} failure={t("channel_load_failed")} />;
  const set = (key: keyof ProfileFields) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));
  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <div className="settings-avatar">
        <Avatar name={user?.username ?? ""} image={user?.avatar} size={64} />
        {avatarUpload}
      </div>
      <p className="muted small">
        {t("banner_in_profile")} <Link to="/profile">{t("go_to_profile")}</Link>
      </p>
      <div className="grid-2">
        <TextField label={t("first_name")} value={value.firstName} onChange={set("firstName")} error={errors.firstName} maxLength={50} />
        <TextField label={t("last_name")} value={value.lastName} onChange={set("lastName")} error={errors.lastName} maxLength={50} />
      </div>
      <TextField label={t("username")} value={value.username} onChange={set("username")} error={errors.username} autoComplete="username" />
      <TextField label={t("email")} value={user?.email ?? ""} disabled readOnly />
      <div className="field">
        <label htmlFor="settings-about">{t("about")}</label>
        <textarea id="settings-about" rows={5} maxLength={1000} value={value.about} onChange={set("about")} />
      </div>
      <Button type="submit" disabled={changed.length === 0} busy={save.isPending}>
        {t("save")}
      </Button>
    </form>
  );
}
