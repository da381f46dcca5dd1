import { Ban } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RAID_POLICIES } from "../../../../server/raids/schemas.ts";
import { Avatar } from "../../../components/avatar.tsx";
import { Button } from "../../../components/button.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { serverFields } from "../../../lib/api.ts";
import { toast } from "../../../lib/ui.ts";
import { type RaidPolicy, useBlockRaider, useRaidSettings, useSetRaidPolicy, useUnblockRaider } from "../api/raids.ts";
import "../../../i18n/screens/raids.ts";
import "../../../styles/raids.css";
import "../../../styles/webhooks.css";

/** Settings → Raids (issue 36, item 5): who may raid the member's channel, and the channels they block. */
export function RaidSettingsPanel() {
  const { t } = useTranslation("raids");
  const settings = useRaidSettings();
  return (
    <section className="settings-form raid-settings" aria-labelledby="raid-settings-title">
      <h2 id="raid-settings-title">{t("settings_title")}</h2>
      <p className="muted">{t("settings_intro")}</p>
      <QueryState query={settings} pending={<Skeleton height={160} />} failure={t("settings_failed")}>
        {(data) => (
          <>
            <PolicyChoice policy={data.policy} />
            <BlockedChannels blocked={data.blocked} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function PolicyChoice({ policy }: { policy: RaidPolicy }) {
  const { t } = useTranslation("raids");
  const save = useSetRaidPolicy();
  // The choice shows at once; a refused save puts the saved one back.
  const [chosen, setChosen] = useState(policy);
  const choose = (choice: RaidPolicy) => {
    setChosen(choice);
    save.mutate(choice, {
      onSuccess: () => toast.success(t("saved")),
      onError: (error) => {
        setChosen(policy);
        toast.error(error.message);
      },
    });
  };
  return (
    <fieldset className="webhook-choices">
      <legend>{t("policy")}</legend>
      {RAID_POLICIES.map((choice) => (
        <label key={choice} className="radio">
          <input type="radio" name="raid-policy" checked={chosen === choice} onChange={() => choose(choice)} />
          <span>{t(`policy_${choice}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function BlockedChannels({ blocked }: { blocked: { username: string; avatar: string | null }[] }) {
  const { t } = useTranslation("raids");
  const block = useBlockRaider();
  const unblock = useUnblockRaider();
  const [name, setName] = useState("");
  const fields = serverFields(block.error);
  return (
    <div className="raid-blocked">
      <h3>{t("blocked_title")}</h3>
      <p className="muted small">{t("blocked_intro")}</p>
      {blocked.length === 0 ? <p className="muted">{t("blocked_empty")}</p> : null}
      <ul className="webhook-list">
        {blocked.map((channel) => (
          <li key={channel.username} className="webhook-row raid-blocked-row">
            <Avatar name={channel.username} image={channel.avatar} size={28} />
            <strong>{channel.username}</strong>
            <Button variant="secondary" size="sm" aria-label={t("unblock_named", { username: channel.username })} onClick={() => unblock.mutate(channel.username)}>
              {t("unblock")}
            </Button>
          </li>
        ))}
      </ul>
      <form
        className="raid-block-form"
        onSubmit={(event) => {
          event.preventDefault();
          const username = name.trim();
          block.mutate(username, {
            onSuccess: () => {
              setName("");
              toast.success(t("blocked_toast", { username }));
            },
          });
        }}
      >
        <TextField
          label={t("block_label")}
          value={name}
          maxLength={40}
          error={fields.username ?? (block.error && !fields.username ? block.error.message : undefined)}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" variant="secondary" icon={<Ban size={16} aria-hidden />} busy={block.isPending} disabled={!name.trim()}>
          {t("block")}
        </Button>
      </form>
    </div>
  );
}
