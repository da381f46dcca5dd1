import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { CopyField } from "../../../components/copy-field.tsx";
import { Switch } from "../../../components/switch.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/ui.ts";
import { adminCalls, type AdminSite, useAdminCall, useAdminSite, useInvitations } from "../api/site.ts";
import { FederationDeliveries } from "./federation-deliveries.tsx";
import { MATCH_RECONNECT_MINUTES } from "../../../../shared/match-reconnect.ts";
import "../../../i18n/screens/admin.ts";

/** The site itself: its name and logo, who may sign up, the captcha, and a test of the mail settings. */
export function SiteSettings() {
  const { t } = useTranslation("admin");
  const site = useAdminSite();
  if (site.data === undefined) return <QueryState query={site} pending={<Skeleton height={240} />} failure={t("load_failed")} />;
  return (
    <>
      <Identity site={site.data} />
      <SignUps site={site.data} />
      <EmbedOrigins site={site.data} />
      <MatchReconnect site={site.data} />
      <NumberSetting site={site.data} setting="maxBitrateKbps" />
      <NumberSetting site={site.data} setting="realtimeViewersPerLive" />
      <Federation site={site.data} />
      <TestMail site={site.data} />
    </>
  );
}

function Identity({ site }: { site: AdminSite }) {
  const { t } = useTranslation("admin");
  const [name, setName] = useState(site.settings.name);
  const [error, setError] = useState<string>();
  useEffect(() => setName(site.settings.name), [site.settings.name]);
  const save = useAdminCall(adminCalls.updateSite, {
    onSuccess: () => toast.success(t("site_saved")),
    onError: (e) => (e instanceof ApiError && e.fields.length ? setError(e.fields[0]!.msg) : toast.error(e.message)),
  });
  const logo = useAdminCall(adminCalls.uploadLogo, { onSuccess: () => toast.success(t("logo_saved")), onError: (e) => toast.error(e.message) });
  const removeLogo = useAdminCall(adminCalls.removeLogo, { onSuccess: () => toast.success(t("logo_removed")), onError: (e) => toast.error(e.message) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate({ name });
  };
  return (
    <section>
      <h2>{t("site_identity")}</h2>
      <form className="admin-row" onSubmit={submit}>
        <TextField label={t("site_name")} value={name} maxLength={40} error={error} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" variant="secondary" busy={save.isPending} disabled={name.trim() === site.settings.name}>
          {t("save")}
        </Button>
      </form>
      <div className="admin-row">
        {site.settings.logo ? <img className="admin-logo-preview" src={site.settings.logo} alt={t("logo_current")} width={48} height={48} /> : <span className="muted">{t("logo_default")}</span>}
        <label className="btn btn-secondary btn-sm admin-file">
          {t("logo_upload")}
          <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" onChange={(event) => event.target.files?.[0] && logo.mutate(event.target.files[0])} />
        </label>
        {site.settings.logo ? (
          <Button variant="ghost" size="sm" busy={removeLogo.isPending} onClick={() => removeLogo.mutate()}>
            {t("logo_remove")}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function SignUps({ site }: { site: AdminSite }) {
  const { t } = useTranslation("admin");
  const update = useAdminCall(adminCalls.updateSite, { onSuccess: () => toast.success(t("site_saved")), onError: (e) => toast.error(e.message) });
  return (
    <section>
      <h2>{t("signups_title")}</h2>
      <Switch
        label={t("signups_open")}
        description={t("signups_open_help")}
        checked={site.settings.signupsOpen}
        disabled={update.isPending}
        onChange={(signupsOpen) => update.mutate({ signupsOpen })}
      />
      <Switch label={t("captcha_on")} description={t("captcha_help")} checked={site.settings.captcha} disabled={update.isPending} onChange={(captcha) => update.mutate({ captcha })} />
      <Switch
        label={t("webhooks_private_networks")}
        description={t("webhooks_private_networks_help")}
        checked={site.settings.webhooksToPrivateNetworks}
        disabled={update.isPending}
        onChange={(webhooksToPrivateNetworks) => update.mutate({ webhooksToPrivateNetworks })}
      />
      <Invitations />
    </section>
  );
}

type SiteChanges = Parameters<typeof adminCalls.updateSite>[0];

/**
 * One of the site's settings edited as text and saved alone: the text follows the saved value, the server's message
 * for the field shows under it, and a toast says it was saved (the embed origins, the match's wait, the bitrate).
 */
function useSiteSettingText(saved: string, changes: (text: string) => SiteChanges) {
  const { t } = useTranslation("admin");
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string>();
  useEffect(() => setText(saved), [saved]);
  const save = useAdminCall(adminCalls.updateSite, {
    onSuccess: () => toast.success(t("site_saved")),
    onError: (e) => (e instanceof ApiError && e.fields.length ? setError(e.fields[0]!.msg) : toast.error(e.message)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate(changes(text));
  };
  return { text, setText, error, submit, busy: save.isPending, changed: text.trim() !== saved };
}

/** A stacked form's field: its caption, the control, the server's message for it, and a line of help. */
function StackedField({ caption, help, error, children }: { caption: string; help: string; error?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children` (a textarea or an input), inside the label.
    <label className={error ? "field field-invalid" : "field"}>
      <span className="field-caption">{caption}</span>
      {children}
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
      <span className="muted small">{help}</span>
    </label>
  );
}

/** The sites whose pages may frame the embed pages (issue 36, item 3): one origin a line. */
function EmbedOrigins({ site }: { site: AdminSite }) {
  const { t } = useTranslation("admin");
  const { text, setText, error, submit, busy, changed } = useSiteSettingText(site.settings.embedOrigins.join("\n"), (lines) => ({
    embedOrigins: lines.split("\n").filter((line) => line.trim() !== ""),
  }));
  return (
    <section>
      <h2>{t("embed_origins_title")}</h2>
      <form className="admin-stacked-form admin-embed-origins" onSubmit={submit}>
        <StackedField caption={t("embed_origins")} help={t("embed_origins_help")} error={error}>
          <textarea rows={4} value={text} spellCheck={false} placeholder="https://blog.example.org" aria-invalid={error ? true : undefined} onChange={(event) => setText(event.target.value)} />
        </StackedField>
        <Button type="submit" variant="secondary" busy={busy} disabled={!changed}>
          {t("save")}
        </Button>
      </form>
    </section>
  );
}

/**
 * The fediverse (issue 38): the site's address there, then the switch, which the server refuses without that address;
 * the blocked instances, and the log of what was sent.
 */
function Federation({ site }: { site: AdminSite }) {
  const { t } = useTranslation("admin");
  const { text, setText, error, submit, busy, changed } = useSiteSettingText(site.settings.federationPublicUrl ?? "", (url) => ({ federationPublicUrl: url.trim() === "" ? null : url }));
  const update = useAdminCall(adminCalls.updateSite, { onSuccess: () => toast.success(t("site_saved")), onError: (e) => toast.error(e.message) });
  return (
    <section>
      <h2>{t("federation_title")}</h2>
      <form className="admin-stacked-form" onSubmit={submit}>
        <StackedField caption={t("federation_url")} help={t("federation_url_help")} error={error}>
          <input type="url" value={text} spellCheck={false} placeholder="https://arena.example.org" aria-invalid={error ? true : undefined} onChange={(event) => setText(event.target.value)} />
        </StackedField>
        <Button type="submit" variant="secondary" busy={busy} disabled={!changed}>
          {t("save")}
        </Button>
      </form>
      <Switch
        label={t("federation_on")}
        description={t("federation_on_help")}
        checked={site.settings.federation}
        disabled={update.isPending}
        onChange={(federation) => update.mutate({ federation })}
      />
      <BlockedInstances site={site} />
      <FederationDeliveries />
    </section>
  );
}

/** Instances the site neither hears nor posts to, one host a line; the server lowercases, sorts and checks each. */
function BlockedInstances({ site }: { site: AdminSite }) {
  const { t } = useTranslation("admin");
  const { text, setText, error, submit, busy, changed } = useSiteSettingText(site.settings.federationBlockedInstances.join("\n"), (lines) => ({
    federationBlockedInstances: lines
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== ""),
  }));
  return (
    <form className="admin-stacked-form" onSubmit={submit}>
      <StackedField caption={t("federation_blocked")} help={t("federation_blocked_help")} error={error}>
        <textarea rows={4} value={text} spellCheck={false} placeholder="spam.example" aria-invalid={error ? true : undefined} onChange={(event) => setText(event.target.value)} />
      </StackedField>
      <Button type="submit" variant="secondary" busy={busy} disabled={!changed}>
        {t("save")}
      </Button>
    </form>
  );
}

/** How long a live waits for its dropped encoder during a bracket match (issue 37, item 5). */
function MatchReconnect({ site }: { site: AdminSite }) {
  const { t } = useTranslation("admin");
  const {
    text: minutes,
    setText: setMinutes,
    error,
    submit,
    busy,
    changed,
  } = useSiteSettingText(String(site.settings.matchReconnectMinutes), (text) => ({
    matchReconnectMinutes: Number(text),
  }));
  return (
    <section>
      <h2>{t("match_reconnect_title")}</h2>
      <form className="admin-row" onSubmit={submit}>
        <TextField
          label={t("match_reconnect")}
          hint={t("match_reconnect_help")}
          type="number"
          min={0}
          max={MATCH_RECONNECT_MINUTES.max}
          step={1}
          required
          value={minutes}
          error={error}
          onChange={(event) => setMinutes(event.target.value)}
        />
        <Button type="submit" variant="secondary" busy={busy} disabled={!changed}>
          {t("save")}
        </Button>
      </form>
    </section>
  );
}

function Invitations() {
  const { t, i18n } = useTranslation("admin");
  const invitations = useInvitations();
  const [form, setForm] = useState({ note: "", uses: "1", days: "7" });
  const [made, setMade] = useState<string>();
  const invite = useAdminCall(adminCalls.invite, {
    onSuccess: (answer) => {
      setMade(answer.url);
      toast.success(t("invitation_made"));
    },
    onError: (e) => toast.error(e.message),
  });
  const revoke = useAdminCall(adminCalls.revokeInvitation, { onSuccess: () => toast.success(t("invitation_revoked")), onError: (e) => toast.error(e.message) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ note: form.note, maxUses: form.uses === "" ? null : Number(form.uses), expiresInDays: form.days === "" ? null : Number(form.days) });
  };
  return (
    <div className="admin-invitations">
      <h3>{t("invitations_title")}</h3>
      <form className="admin-row admin-invite-form" onSubmit={submit}>
        <TextField label={t("invitation_note")} value={form.note} maxLength={100} onChange={(event) => setForm({ ...form, note: event.target.value })} />
        <TextField label={t("invitation_uses")} hint={t("invitation_uses_help")} type="number" min={1} value={form.uses} onChange={(event) => setForm({ ...form, uses: event.target.value })} />
        <TextField
          label={t("invitation_days")}
          hint={t("invitation_days_help")}
          type="number"
          min={1}
          max={365}
          value={form.days}
          onChange={(event) => setForm({ ...form, days: event.target.value })}
        />
        <Button type="submit" variant="secondary" busy={invite.isPending}>
          {t("invitation_make")}
        </Button>
      </form>
      {made ? <CopyField label={t("invitation_link")} value={made} copyLabel={t("invitation_copy")} /> : null}
      <QueryState query={invitations} pending={<Skeleton height={64} />} failure={t("load_failed")}>
        {(data) => (
          <ul className="admin-facts">
            {data.invitations.map((invitation) => (
              <li key={invitation.id} className="admin-row">
                <span>
                  <Badge tone={invitation.state === "active" ? "success" : "neutral"}>{t(`invitation_state_${invitation.state}`)}</Badge> {invitation.note || t("invitation_no_note")} ·{" "}
                  {invitation.maxUses === null ? t("invitation_used_unlimited", { uses: invitation.uses }) : t("invitation_used", { uses: invitation.uses, max: invitation.maxUses })} ·{" "}
                  {invitation.expiresAt ? t("invitation_expires", { date: new Date(invitation.expiresAt).toLocaleDateString(i18n.language) }) : t("invitation_no_expiry")}
                </span>
                {invitation.state === "active" ? (
                  <>
                    <CopyField label={t("invitation_link")} value={invitation.url} copyLabel={t("invitation_copy")} />
                    <Button variant="ghost" size="sm" busy={revoke.isPending && revoke.variables === invitation.id} onClick={() => revoke.mutate(invitation.id)}>
                      {t("invitation_revoke")}
                    </Button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function TestMail({ site }: { site: AdminSite }) {
  const { t } = useTranslation("admin");
  const [result, setResult] = useState<{ sent: boolean; to: string; error: string | null }>();
  const send = useAdminCall(adminCalls.testMail, { onSuccess: setResult, onError: (e) => toast.error(e.message) });
  return (
    <section>
      <h2>{t("mail_title")}</h2>
      <p className="muted">{site.mail.smtp ? t("mail_smtp", { from: site.mail.from }) : t("mail_files")}</p>
      <Button variant="secondary" busy={send.isPending} onClick={() => send.mutate(undefined)}>
        {t("mail_test")}
      </Button>
      {result ? (
        <p role="status" className={result.sent ? undefined : "field-error"}>
          {result.sent ? t("mail_sent", { to: result.to }) : t("mail_failed", { error: result.error })}
        </p>
      ) : null}
    </section>
  );
}

/** Whole numbers the site keeps for its lives: the bitrate above which a health panel warns (issue 37, item 1), the real-time viewers a live takes (item 6). */
const NUMBER_SETTINGS = {
  maxBitrateKbps: { texts: "max_bitrate", min: 500, max: 100_000, step: 100 },
  realtimeViewersPerLive: { texts: "realtime_viewers", min: 0, max: 500, step: 1 },
} as const;

function NumberSetting({ site, setting }: { site: AdminSite; setting: keyof typeof NUMBER_SETTINGS }) {
  const { t } = useTranslation("admin");
  const { texts, min, max, step } = NUMBER_SETTINGS[setting];
  const { text, setText, error, submit, busy, changed } = useSiteSettingText(String(site.settings[setting]), (value) => ({ [setting]: Number(value) }));
  return (
    <section>
      <h2>{t(`${texts}_title`)}</h2>
      <form className="admin-stacked-form" onSubmit={submit}>
        <StackedField caption={t(texts)} help={t(`${texts}_help`)} error={error}>
          <input type="number" inputMode="numeric" min={min} max={max} step={step} value={text} aria-invalid={error ? true : undefined} onChange={(event) => setText(event.target.value)} />
        </StackedField>
        <Button type="submit" variant="secondary" busy={busy} disabled={!changed}>
          {t("save")}
        </Button>
      </form>
    </section>
  );
}
