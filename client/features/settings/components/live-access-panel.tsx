import { serverFields } from "../../../lib/api.ts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { toast } from "../../../lib/ui.ts";
import type { ChannelSettings } from "../api/get-channel-settings.ts";
import { useUpdateChannelSettings } from "../api/update-channel-settings.ts";
import "../../../i18n/screens/community.ts";

const WATCH_MODES = ["everyone", "members", "ticket", "entrants"] as const;
const CHAT_MODES = ["everyone", "followers", "ticket", "entrants"] as const;
type Rule = ChannelSettings["watch"] | ChannelSettings["chat"];

/**
 * Who may watch the channel's lives, and who may write in its chat (issue 18, item 4), each with the
 * event (ticket holders) or tournament (entrants) it names. The server checks every request against
 * what is saved here; the replays of a live keep the rule it was streamed under.
 */
export function LiveAccessPanel({ settings }: { settings: ChannelSettings }) {
  const { t } = useTranslation("community");
  const [watch, setWatch] = useState<Rule>(settings.watch);
  const [chat, setChat] = useState<Rule>(settings.chat);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateChannelSettings({
    onSuccess: () => {
      setErrors({});
      toast.success(t("channel_saved"));
    },
    onError: (error) => setErrors(serverFields(error)),
  });
  const changed = JSON.stringify([watch, chat]) !== JSON.stringify([settings.watch, settings.chat]);
  // Linked to as /settings?tab=channel#live-access: the panel sits under the channel's other settings.
  const panel = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (window.location.hash === "#live-access") panel.current?.scrollIntoView({ block: "start" });
  }, []);
  return (
    <form
      ref={panel}
      id="live-access"
      className="settings-form live-access-panel"
      aria-labelledby="live-access-title"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ watch, chat } as Parameters<typeof save.mutate>[0]);
      }}
      noValidate
    >
      <h2 id="live-access-title">{t("access_title")}</h2>
      <p className="muted small">{t("access_intro")}</p>
      <RuleFields kind="watch" modes={WATCH_MODES} rule={watch} onChange={setWatch} settings={settings} errors={errors} />
      <RuleFields kind="chat" modes={CHAT_MODES} rule={chat} onChange={setChat} settings={settings} errors={errors} />
      {/* Its own name: the channel tab has another "Save" for the form above. */}
      <Button type="submit" disabled={!changed} busy={save.isPending}>
        {t("access_save")}
      </Button>
    </form>
  );
}

function RuleFields(props: { kind: "watch" | "chat"; modes: readonly string[]; rule: Rule; onChange: (rule: Rule) => void; settings: ChannelSettings; errors: Record<string, string> }) {
  const { t } = useTranslation("community");
  const { kind, rule, onChange, settings, errors } = props;
  const { events, tournaments } = settings.accessChoices;
  const setMode = (mode: string) =>
    onChange({
      mode,
      eventId: mode === "ticket" ? (rule.eventId ?? events[0]?.id ?? null) : null,
      tournamentId: mode === "entrants" ? (rule.tournamentId ?? tournaments[0]?.id ?? null) : null,
    } as Rule);
  return (
    <fieldset className="live-access-rule">
      <label className="field">
        <span className="field-caption">{t(`access_${kind}`)}</span>
        <select value={rule.mode} onChange={(event) => setMode(event.target.value)}>
          {props.modes.map((mode) => (
            <option key={mode} value={mode}>
              {t(`access_mode_${mode}`)}
            </option>
          ))}
        </select>
      </label>
      {rule.mode === "ticket" ? (
        <Picker label={t("access_event")} empty={t("access_no_event")} choices={events} value={rule.eventId} onChange={(eventId) => onChange({ ...rule, eventId })} error={errors[`${kind}.eventId`]} />
      ) : null}
      {rule.mode === "entrants" ? (
        <Picker
          label={t("access_tournament")}
          empty={t("access_no_tournament")}
          choices={tournaments}
          value={rule.tournamentId}
          onChange={(tournamentId) => onChange({ ...rule, tournamentId })}
          error={errors[`${kind}.tournamentId`]}
        />
      ) : null}
    </fieldset>
  );
}

function Picker(props: { label: string; empty: string; choices: { id: number; name: string }[]; value: number | null; onChange: (id: number | null) => void; error?: string }) {
  if (props.choices.length === 0) return <p className="field-error">{props.empty}</p>;
  return (
    <label className="field">
      <span className="field-caption">{props.label}</span>
      <select value={props.value ?? ""} onChange={(event) => props.onChange(event.target.value ? Number(event.target.value) : null)}>
        {props.choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
      {props.error ? <span className="field-error">{props.error}</span> : null}
    </label>
  );
}
