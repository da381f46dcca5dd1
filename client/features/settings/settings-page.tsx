import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { RefreshCw } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Me } from "../../../server/auth/schemas.ts";
import type { RestreamConfig } from "../../../server/restream/schemas.ts";
import { Avatar } from "../../components/avatar.tsx";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { Switch } from "../../components/switch.tsx";
import { Tabs } from "../../components/tabs.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { setSessionUser, useSession } from "../../lib/session.ts";
import { toast } from "../../lib/ui.ts";
import { checkConfirmation, checkPassword, checkUsername, fieldTexts } from "../auth/validation.ts";
import { ImageUpload } from "../profile/components/image-upload.tsx";
import { CopyField } from "../../components/copy-field.tsx";
import "../../styles/community.css";

type Tab = "profile" | "password" | "channel" | "restream";

/** /settings (spec 01 §2): Edit profile, Change Password, Channel settings, Multi-streaming; each saves only after a change. */
export function SettingsPage() {
  const { t } = useTranslation("community");
  const [tab, setTab] = useState<Tab>("profile");
  const tabs = [
    { id: "profile" as const, label: t("settings_tab_profile") },
    { id: "password" as const, label: t("settings_tab_password") },
    { id: "channel" as const, label: t("settings_tab_channel") },
    { id: "restream" as const, label: t("settings_tab_restream") },
  ];
  return (
    <main className="page settings-page">
      <h1>{t("settings_title")}</h1>
      <Tabs label={t("settings_title")} value={tab} onChange={setTab} tabs={tabs} />
      <div role="tabpanel" aria-label={tabs.find((x) => x.id === tab)!.label} className="settings-panel">
        {tab === "profile" ? <EditProfile /> : null}
        {tab === "password" ? <ChangePassword /> : null}
        {tab === "channel" ? <ChannelSettings /> : null}
        {tab === "restream" ? <MultiStreaming /> : null}
      </div>
    </main>
  );
}

/** Field messages from a refused save: the server's per-field texts. */
function serverFields(error: unknown): Record<string, string> {
  return error instanceof ApiError ? Object.fromEntries(error.fields.map((f) => [f.field, f.msg])) : {};
}

async function refreshMe(): Promise<void> {
  setSessionUser((await api<{ user: Me }>("/auth/me")).user);
}

function EditProfile() {
  const { t } = useTranslation("community");
  const { user } = useSession();
  const channel = useQuery({ queryKey: ["channel-settings"], queryFn: ({ signal }) => api<ChannelSettings>("/stream/channel-settings", { signal }) });
  const initial = { firstName: user?.firstName ?? "", lastName: user?.lastName ?? "", username: user?.username ?? "", about: channel.data?.about ?? "" };
  const [draft, setDraft] = useState<Partial<typeof initial>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const value = { ...initial, ...draft };
  const changed = (Object.keys(draft) as (keyof typeof initial)[]).filter((key) => draft[key] !== initial[key]);
  const save = useMutation({
    mutationFn: async () => {
      if (changed.includes("firstName") || changed.includes("lastName")) await api("/auth/fullname", { method: "PUT", body: { firstName: value.firstName, lastName: value.lastName } });
      if (changed.includes("username")) await api("/auth/username", { method: "PUT", body: { username: value.username.trim() } });
      if (changed.includes("about")) await api("/stream/channel-settings", { method: "PUT", body: { about: value.about } });
      await refreshMe();
    },
    onSuccess: () => {
      setDraft({});
      void channel.refetch();
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
    if (!found.username) save.mutate();
  };
  if (channel.isPending) return <Skeleton height={320} />;
  const set = (key: keyof typeof initial) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));
  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <div className="settings-avatar">
        <Avatar name={user?.username ?? ""} image={user?.avatar} size={64} />
        <ImageUpload kind="avatar" look="button" />
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

function ChangePassword() {
  const { t } = useTranslation("community");
  const [fields, setFields] = useState({ oldPassword: "", newPassword: "", confirmation: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => api<{ message: string }>("/auth/password", { method: "PUT", body: { oldPassword: fields.oldPassword, newPassword: fields.newPassword } }),
    onSuccess: (answer) => {
      setFields({ oldPassword: "", newPassword: "", confirmation: "" });
      toast.success(answer.message);
    },
    onError: (error) => {
      const found = serverFields(error);
      setErrors(Object.keys(found).length ? found : { oldPassword: error.message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldTexts({ oldPassword: fields.oldPassword ? undefined : "empty_field", newPassword: checkPassword(fields.newPassword), confirmation: checkConfirmation(fields.newPassword, fields.confirmation) }, t) as Record<string, string>;
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: event.target.value }));
  const changed = fields.oldPassword || fields.newPassword || fields.confirmation;
  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <TextField label={t("old_password")} type="password" value={fields.oldPassword} onChange={set("oldPassword")} error={errors.oldPassword} autoComplete="current-password" />
      <TextField label={t("new_password")} type="password" value={fields.newPassword} onChange={set("newPassword")} error={errors.newPassword} autoComplete="new-password" />
      <TextField label={t("confirm_password")} type="password" value={fields.confirmation} onChange={set("confirmation")} error={errors.confirmation} autoComplete="new-password" />
      <div className="row">
        <Button type="submit" disabled={!changed} busy={save.isPending}>
          {t("change_password")}
        </Button>
        <Link to="/reset-password">{t("forgot_password")}</Link>
      </div>
    </form>
  );
}

interface ChannelSettings {
  paypalme: string | null;
  about: string;
  social: { facebook: string | null; twitter: string | null; instagram: string | null; youtube: string | null; website: string | null };
}
const SOCIAL_FIELDS = ["website", "facebook", "instagram", "twitter", "youtube"] as const;

function ChannelSettings() {
  const { t } = useTranslation("community");
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ["channel-settings"], queryFn: ({ signal }) => api<ChannelSettings>("/stream/channel-settings", { signal }) });
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => api("/stream/channel-settings", { method: "PUT", body: draft }),
    onSuccess: () => {
      setDraft({});
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: ["channel-settings"] });
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
      toast.success(t("channel_saved"));
    },
    onError: (error) => setErrors(serverFields(error)),
  });
  if (settings.isPending) return <Skeleton height={320} />;
  if (settings.isError) return <p className="field-error">{t("channel_load_failed")}</p>;
  const saved: Record<string, string> = { paypalme: settings.data.paypalme ?? "", about: settings.data.about, ...Object.fromEntries(SOCIAL_FIELDS.map((key) => [key, settings.data.social[key] ?? ""])) };
  const value = (key: string) => draft[key] ?? saved[key] ?? "";
  const changed = Object.entries(draft).some(([key, v]) => v !== saved[key]);
  const set = (key: string) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));
  return (
    <div className="settings-stack">
      <form
        className="settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
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
      <StreamKey />
    </div>
  );
}

function StreamKey() {
  const { t } = useTranslation("community");
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const key = useQuery({ queryKey: ["stream-key"], queryFn: ({ signal }) => api<{ streamKey: string; injectionLink: string }>("/stream/mystreamkey", { signal }) });
  const regenerate = useMutation({
    mutationFn: () => api<{ streamKey: string; injectionLink: string }>("/stream/mystreamkey/regenerate", { method: "POST" }),
    onSuccess: (answer) => {
      queryClient.setQueryData(["stream-key"], answer);
      setConfirming(false);
      toast.success(t("key_regenerated"));
    },
    onError: () => {
      setConfirming(false);
      toast.error(t("key_regenerate_failed"));
    },
  });
  return (
    <section className="settings-form" aria-labelledby="stream-key-title">
      <h2 id="stream-key-title">{t("stream_key_title")}</h2>
      {key.isError ? <p className="field-error">{t("key_load_failed")}</p> : null}
      {key.data ? (
        <>
          <CopyField label={t("server_address")} value={key.data.injectionLink} copyLabel={t("copy_server_address")} />
          <CopyField label={t("stream_key")} value={key.data.streamKey} copyLabel={t("copy_stream_key")} secret />
        </>
      ) : null}
      <Button variant="secondary" icon={<RefreshCw size={16} aria-hidden />} onClick={() => setConfirming(true)}>
        {t("regenerate_key")}
      </Button>
      <ConfirmDialog open={confirming} title={t("regenerate_title")} confirmLabel={t("regenerate_key")} busy={regenerate.isPending} danger onConfirm={() => regenerate.mutate()} onCancel={() => setConfirming(false)}>
        <p>{t("regenerate_text")}</p>
      </ConfirmDialog>
    </section>
  );
}

const PLATFORMS = ["twitch", "youtube", "facebook"] as const;

function MultiStreaming() {
  const { t } = useTranslation("community");
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: ["restream"], queryFn: ({ signal }) => api<RestreamConfig>("/stream/restream/config", { signal }) });
  const [draft, setDraft] = useState<Record<string, boolean | string>>({});
  const save = useMutation({
    mutationFn: () => {
      const current = config.data!;
      // Keys are write-only: sent only when typed, trimmed (spec 01 §5).
      const keys = Object.fromEntries(PLATFORMS.map((p) => [`${p}Key`, String(draft[`${p}Key`] ?? "").trim()]).filter(([, v]) => v));
      return api("/stream/restream/config", {
        method: "PUT",
        body: { enabled: draft.enabled ?? current.enabled, twitchEnabled: draft.twitchEnabled ?? current.twitchEnabled, youtubeEnabled: draft.youtubeEnabled ?? current.youtubeEnabled, facebookEnabled: draft.facebookEnabled ?? current.facebookEnabled, ...keys },
      });
    },
    onSuccess: () => {
      setDraft({});
      void queryClient.invalidateQueries({ queryKey: ["restream"] });
      toast.success(t("restream_saved"));
    },
    onError: () => toast.error(t("restream_failed")),
  });
  if (config.isPending) return <Skeleton height={320} />;
  if (config.isError) return <p className="field-error">{config.error.message}</p>;
  const data = config.data;
  const flag = (key: "enabled" | "twitchEnabled" | "youtubeEnabled" | "facebookEnabled") => (draft[key] as boolean | undefined) ?? data[key];
  const changed = Object.entries(draft).some(([key, v]) => (key.endsWith("Key") ? String(v).trim() !== "" : v !== data[key as keyof RestreamConfig]));
  return (
    <form
      className="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Switch label={t("restream_enabled")} description={t("restream_enabled_hint")} checked={flag("enabled")} onChange={(v) => setDraft((d) => ({ ...d, enabled: v }))} />
      {PLATFORMS.map((platform) => {
        const target = data.targets[platform];
        return (
          <fieldset key={platform} className="restream-platform" disabled={!flag("enabled")}>
            <legend>{t(`platform_${platform}`)}</legend>
            <Switch label={t("restream_platform_on", { platform: t(`platform_${platform}`) })} checked={flag(`${platform}Enabled`)} onChange={(v) => setDraft((d) => ({ ...d, [`${platform}Enabled`]: v }))} />
            <TextField
              label={t("restream_key", { platform: t(`platform_${platform}`) })}
              type="password"
              autoComplete="off"
              placeholder={data[`${platform}KeySaved`] ? t("key_saved_placeholder") : ""}
              value={String(draft[`${platform}Key`] ?? "")}
              onChange={(event) => setDraft((d) => ({ ...d, [`${platform}Key`]: event.target.value }))}
            />
            <p className="muted small">
              {t(`restream_status_${target.status}`)}
              {target.error ? ` — ${target.error}` : ""}
            </p>
          </fieldset>
        );
      })}
      <Button type="submit" disabled={!changed} busy={save.isPending}>
        {t("save")}
      </Button>
    </form>
  );
}
