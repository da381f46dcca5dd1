import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PLATFORMS, type RestreamConfig, type RestreamConfigInput } from "../../../../server/restream/schemas.ts";
import { Button } from "../../../components/button.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Switch } from "../../../components/switch.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { toast } from "../../../lib/ui.ts";
import { useRestreamConfig } from "../api/get-restream-config.ts";
import { useUpdateRestreamConfig } from "../api/update-restream-config.ts";
import "../../../i18n/screens/community.ts";

type Flag = "enabled" | "twitchEnabled" | "youtubeEnabled" | "facebookEnabled";
type Draft = Record<string, boolean | string>;

/** Multi-streaming: the main switch, then per platform a switch, a write-only key and its status. */
export function MultiStreamingForm() {
  const { t } = useTranslation("community");
  const config = useRestreamConfig();
  const [draft, setDraft] = useState<Draft>({});
  const save = useUpdateRestreamConfig({
    onSuccess: () => {
      setDraft({});
      toast.success(t("restream_saved"));
    },
    onError: () => toast.error(t("restream_failed")),
  });
  if (config.data === undefined) return <QueryState query={config} pending={<Skeleton height={320} />} />;
  const data = config.data;
  const flag = (key: Flag) => (draft[key] as boolean | undefined) ?? data[key];
  const changed = Object.entries(draft).some(([key, v]) => (key.endsWith("Key") ? String(v).trim() !== "" : v !== data[key as keyof RestreamConfig]));
  return (
    <form
      className="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(restreamInput(flag, draft));
      }}
    >
      <Switch label={t("restream_enabled")} description={t("restream_enabled_hint")} checked={flag("enabled")} onChange={(v) => setDraft((d) => ({ ...d, enabled: v }))} />
      {PLATFORMS.map((platform) => {
        const target = data.targets[platform];
        return (
          <fieldset key={platform} className="restream-platform" disabled={!flag("enabled")}>
            <legend>{t(`platform_${platform}`)}</legend>
            <Switch
              label={t("restream_platform_on", { platform: t(`platform_${platform}`) })}
              checked={flag(`${platform}Enabled`)}
              onChange={(v) => setDraft((d) => ({ ...d, [`${platform}Enabled`]: v }))}
            />
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

/** Every switch as drafted or saved; keys are write-only: sent only when typed, trimmed (spec 01 §5). */
function restreamInput(flag: (key: Flag) => boolean, draft: Draft): RestreamConfigInput {
  const keys = Object.fromEntries(PLATFORMS.map((p) => [`${p}Key`, String(draft[`${p}Key`] ?? "").trim()]).filter(([, v]) => v));
  return { enabled: flag("enabled"), twitchEnabled: flag("twitchEnabled"), youtubeEnabled: flag("youtubeEnabled"), facebookEnabled: flag("facebookEnabled"), ...keys };
}
