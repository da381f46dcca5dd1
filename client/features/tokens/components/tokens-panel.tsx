import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TokenResponse } from "../../../../server/tokens/schemas.ts";
import { TOKEN_SCOPES, type TokenScope } from "../../../../shared/tokens.ts";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { Checkbox } from "../../../components/checkbox.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Modal } from "../../../components/modal.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { ShownOnceDialog } from "../../../components/shown-once-dialog.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { serverFields } from "../../../lib/api.ts";
import { formatRelativeTime } from "../../../lib/format.ts";
import { toast } from "../../../lib/ui.ts";
import { useCreateToken, useRevokeToken, useTokens } from "../api/tokens.ts";
import "../../../i18n/screens/tokens.ts";
import "../../../styles/webhooks.css";

const LIFETIMES = [30, 90, 365, null] as const;

/**
 * A member's personal access tokens (issue 36, item 2): make one with its scopes (its value shown once), see when
 * each was last used, revoke it. Tokens never reach the account, its wallet, its tokens or webhooks (shared/tokens.ts).
 */
export function TokensPanel() {
  const { t } = useTranslation("tokens");
  const tokens = useTokens();
  const [making, setMaking] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <section className="settings-form webhooks-panel" aria-labelledby="tokens-title">
      <h2 id="tokens-title">{t("title")}</h2>
      <p className="muted">{t("intro")}</p>
      <QueryState query={tokens} pending={<Skeleton height={100} />} failure={t("load_failed")}>
        {(data) => (
          <>
            {data.tokens.length === 0 ? <p className="muted">{t("empty")}</p> : null}
            <ul className="webhook-list">
              {data.tokens.map((token) => (
                <TokenRow key={token.id} token={token} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
      <Button icon={<Plus size={16} aria-hidden />} onClick={() => setMaking(true)}>
        {t("add")}
      </Button>
      {making ? (
        <TokenForm
          onClose={() => setMaking(false)}
          onMade={(value) => {
            setMaking(false);
            setSecret(value);
          }}
        />
      ) : null}
      <ShownOnceDialog
        value={secret}
        title={t("secret_title")}
        text={t("secret_text")}
        label={t("secret_label")}
        copyLabel={t("copy_secret")}
        doneLabel={t("secret_done")}
        onClose={() => setSecret(null)}
      />
    </section>
  );
}

function TokenForm({ onClose, onMade }: { onClose: () => void; onMade: (secret: string) => void }) {
  const { t } = useTranslation("tokens");
  const create = useCreateToken();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TokenScope[]>(["read"]);
  const [days, setDays] = useState<(typeof LIFETIMES)[number]>(90);
  const fields = serverFields(create.error);
  return (
    <Modal
      open
      onClose={onClose}
      title={t("add")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" form="token-form" busy={create.isPending} disabled={!name.trim() || scopes.length === 0}>
            {t("make")}
          </Button>
        </>
      }
    >
      <form
        id="token-form"
        className="webhook-form"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name: name.trim(), scopes, expiresInDays: days }, { onSuccess: (made) => onMade(made.secret) });
        }}
      >
        <TextField label={t("name")} maxLength={60} required value={name} hint={t("name_hint")} error={fields.name} onChange={(e) => setName(e.target.value)} />
        <fieldset className="webhook-choices">
          <legend>{t("scopes")}</legend>
          {TOKEN_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              label={
                <>
                  <strong>{scope}</strong> — {t(`scope_${scope.replace(":", "_")}`)}
                </>
              }
              checked={scopes.includes(scope)}
              onChange={(e) => setScopes((chosen) => (e.target.checked ? [...chosen, scope] : chosen.filter((other) => other !== scope)))}
            />
          ))}
          <p className="field-hint">{t("never")}</p>
        </fieldset>
        <label className="field">
          <span>{t("lifetime")}</span>
          <select value={String(days)} onChange={(e) => setDays(e.target.value === "null" ? null : (Number(e.target.value) as 30 | 90 | 365))}>
            {LIFETIMES.map((lifetime) => (
              <option key={String(lifetime)} value={String(lifetime)}>
                {lifetime === null ? t("lifetime_never") : t("lifetime_days", { count: lifetime })}
              </option>
            ))}
          </select>
        </label>
      </form>
    </Modal>
  );
}

function TokenRow({ token }: { token: TokenResponse }) {
  const { t, i18n } = useTranslation("tokens");
  const revoke = useRevokeToken();
  const [confirming, setConfirming] = useState(false);
  const revoked = token.revokedAt !== null;
  const expired = !revoked && token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  return (
    <li className="webhook-row">
      <div className="webhook-head">
        <KeyRound size={16} aria-hidden />
        <strong>{token.name}</strong>
        <span className="webhook-url">{token.hint}</span>
        <Badge tone={revoked || expired ? "danger" : "success"}>{revoked ? t("revoked") : expired ? t("expired") : t("active")}</Badge>
      </div>
      <p className="muted small">{token.scopes.join(", ")}</p>
      <p className="muted small">
        {token.lastUsedAt ? t("last_used", { when: formatRelativeTime(token.lastUsedAt, i18n.language) }) : t("never_used")}
        {token.expiresAt && !revoked ? ` · ${t("expires", { date: new Date(token.expiresAt).toLocaleDateString(i18n.language) })}` : ""}
      </p>
      {revoked ? null : (
        <div className="webhook-actions">
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
            {t("revoke")}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("revoke_title")}
        confirmLabel={t("revoke")}
        busy={revoke.isPending}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          revoke.mutate(token.id, {
            onSuccess: () => toast.success(t("revoked_toast")),
            onError: (error) => toast.error(error.message),
            onSettled: () => setConfirming(false),
          })
        }
      >
        <p>{t("revoke_text")}</p>
      </ConfirmDialog>
    </li>
  );
}
