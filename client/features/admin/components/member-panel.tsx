import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useSession } from "../../../data/session.ts";
import { toast } from "../../../lib/ui.ts";
import { type MemberAction, type MemberDetail, type Role, useMember, useMemberAction } from "../api/admin.ts";
import { ROLES } from "./members-table.tsx";
import "../../../i18n/screens/admin.ts";
import { ChoiceField } from "./choice-field.tsx";

/** One member opened from the list: what Arena holds about them, and the actions an admin may take. */
export function MemberPanel({ id }: { id: number }) {
  const { t } = useTranslation("admin");
  const member = useMember(id);
  if (member.data === undefined) return <QueryState query={member} pending={<Skeleton height={320} />} failure={t("load_failed")} />;
  const detail = member.data;
  return (
    <div className="admin-member">
      <h2>{t("member_title", { username: detail.member.username })}</h2>
      <p>
        {detail.member.email} · {t(`role_${detail.member.role}`)} · <Badge tone={detail.member.state === "active" ? "success" : "warning"}>{t(`state_${detail.member.state}`)}</Badge> ·{" "}
        {t("open_sessions", { count: detail.member.openSessions })}
      </p>
      {detail.member.state !== "deleted" ? <MemberActions detail={detail} /> : null}
      <MemberRecord detail={detail} />
    </div>
  );
}

function MemberActions({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation("admin");
  const { user } = useSession();
  const { member } = detail;
  const [role, setRole] = useState<Role>(member.role);
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const [coins, setCoins] = useState({ amount: "", reason: "" });
  const [coinErrors, setCoinErrors] = useState<Record<string, string>>({});
  const act = useMemberAction(member.id, {
    onSuccess: (action) => {
      toast.success(t(`done_${action.kind}`));
      setConfirmSuspend(false);
      if (action.kind === "coins") setCoins({ amount: "", reason: "" });
    },
    onError: (error) => {
      setConfirmSuspend(false);
      const fields = error instanceof ApiError ? Object.fromEntries(error.fields.map((f) => [f.field, f.msg])) : {};
      if (Object.keys(fields).length) setCoinErrors(fields);
      else toast.error(error.message);
    },
  });
  const run = (action: MemberAction) => act.mutate(action);
  const self = user?.id === member.id;
  const submitCoins = (event: FormEvent) => {
    event.preventDefault();
    setCoinErrors({});
    run({ kind: "coins", amount: Number(coins.amount), reason: coins.reason });
  };
  return (
    <section className="admin-actions">
      <div className="admin-row">
        <ChoiceField label={t("change_role")} value={role} disabled={self} choices={ROLES.map((r) => ({ value: r, label: t(`role_${r}`) }))} onChange={setRole} />
        <Button variant="secondary" disabled={self || role === member.role} busy={act.isPending && act.variables?.kind === "role"} onClick={() => run({ kind: "role", role })}>
          {t("save_role")}
        </Button>
      </div>
      <div className="admin-row">
        {member.state === "suspended" ? (
          <Button variant="secondary" onClick={() => run({ kind: "unsuspend" })}>
            {t("unsuspend")}
          </Button>
        ) : (
          <Button variant="danger" disabled={self} onClick={() => setConfirmSuspend(true)}>
            {t("suspend")}
          </Button>
        )}
        <Button variant="secondary" onClick={() => run({ kind: "sign-out" })}>
          {t("sign_out")}
        </Button>
        <Button variant="secondary" disabled={member.state !== "active"} onClick={() => run({ kind: "password-reset" })}>
          {t("password_reset")}
        </Button>
      </div>
      <form className="admin-coins" onSubmit={submitCoins} noValidate>
        <h3>{t("coins_title")}</h3>
        <TextField
          label={t("coins_amount")}
          type="number"
          inputMode="numeric"
          value={coins.amount}
          onChange={(event) => setCoins({ ...coins, amount: event.target.value })}
          error={coinErrors.amount}
        />
        <TextField label={t("coins_reason")} value={coins.reason} maxLength={200} onChange={(event) => setCoins({ ...coins, reason: event.target.value })} error={coinErrors.reason} />
        <Button type="submit" variant="secondary" disabled={!coins.amount} busy={act.isPending && act.variables?.kind === "coins"}>
          {t("coins_submit")}
        </Button>
      </form>
      <ConfirmDialog
        open={confirmSuspend}
        danger
        title={t("suspend_confirm_title", { username: member.username })}
        confirmLabel={t("suspend")}
        busy={act.isPending}
        onConfirm={() => run({ kind: "suspend" })}
        onCancel={() => setConfirmSuspend(false)}
      >
        {t("suspend_confirm_text")}
      </ConfirmDialog>
    </section>
  );
}

function MemberRecord({ detail }: { detail: MemberDetail }) {
  const { t, i18n } = useTranslation("admin");
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <div className="admin-record">
      <RecordList title={t("channel")} items={detail.channel ? [`${detail.channel.title || "—"}${detail.channel.isLive ? ` · ${t("live_now")}` : ""}`] : []} empty={t("no_channel")} />
      <RecordList title={t("lives")} items={detail.lives.map((l) => `${date(l.startedAt)} · ${l.title || "—"}`)} />
      <RecordList title={t("replays")} items={detail.replays.map((r) => `${r.title} · ${date(r.createdAt)}${r.deletedAt ? ` · ${t("deleted_replay")}` : ""}`)} />
      <RecordList title={t("tickets")} items={detail.tickets.map((ticket) => `${ticket.event} · ${ticket.price} G · ${ticket.status}`)} />
      <RecordList
        title={`${t("wallet")} — ${t("balance", { balance: detail.wallet.balance })}`}
        items={detail.wallet.recent.map((line) => `${date(line.createdAt)} · ${line.amount > 0 ? "+" : ""}${line.amount} · ${line.description || line.type}`)}
      />
      <RecordList title={t("reports")} items={detail.reports.map((r) => `${date(r.createdAt)} · ${r.reason} · ${r.status}`)} />
    </div>
  );
}

function RecordList({ title, items, empty }: { title: string; items: ReactNode[]; empty?: string }) {
  const { t } = useTranslation("admin");
  return (
    <section>
      <h3>{title}</h3>
      {items.length ? (
        <ul>
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{empty ?? t("none")}</p>
      )}
    </section>
  );
}
