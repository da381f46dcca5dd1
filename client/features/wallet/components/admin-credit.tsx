import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/ui.ts";
import { useAdminCredit } from "../api/credit-wallet.ts";
import "../../../i18n/screens/events-ui.ts";
import "../../../i18n/screens/errors.ts";

type Field = "username" | "amount";

/** What the form checks before asking the server (which checks again). */
function formErrors(username: string, amount: string, t: (key: string) => string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!username.trim()) errors.username = t("credit_username_required");
  if (!/^\d+$/.test(amount.trim()) || Number(amount) <= 0) errors.amount = t("errors:invalid_amount");
  return errors;
}

/**
 * The admin's box office on /top-up: a member pays the organisers (cash at the LAN's desk, a transfer)
 * and the admin credits their wallet by username. The server refuses anyone else.
 */
export function AdminCredit() {
  const { t } = useTranslation("events-ui");
  const [username, setUsername] = useState("");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const credit = useAdminCredit({
    noMember: t("credit_no_member"),
    onSuccess: ({ username: credited, balance }) => {
      toast.success(t("credit_done", { amount: Number(amount), username: credited, balance }));
      setUsername("");
      setAmount("");
      setReason("");
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.fields[0] : undefined;
      if (field?.field === "username" || field?.field === "amount") setErrors({ [field.field]: field.msg });
      else toast.error(error.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = formErrors(username, amount, t);
    setErrors(found);
    if (Object.keys(found).length === 0) credit.mutate({ username: username.trim(), amount: Number(amount), reason: reason.trim() || undefined });
  };
  return (
    <section className="ticket-panel" aria-labelledby="admin-credit">
      <h2 id="admin-credit">{t("credit_title")}</h2>
      <p className="muted">{t("credit_text")}</p>
      <form className="admin-credit-form" onSubmit={submit} noValidate>
        <TextField label={t("credit_username")} value={username} error={errors.username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" maxLength={40} />
        <TextField label={t("credit_amount")} value={amount} error={errors.amount} onChange={(e) => setAmount(e.target.value)} inputMode="numeric" />
        <TextField label={t("credit_reason")} hint={t("credit_reason_hint")} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
        <Button type="submit" busy={credit.isPending}>
          {t("credit_submit")}
        </Button>
      </form>
    </section>
  );
}
