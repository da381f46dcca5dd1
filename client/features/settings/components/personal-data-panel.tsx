import { serverFields } from "../../../lib/api.ts";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { formatFileSize } from "../../../lib/format.ts";
import { useSession } from "../../../data/session.ts";
import { toast } from "../../../lib/ui.ts";
import { type DataExport, useDataExport, useDeleteAccount, useRequestDataExport } from "../api/personal-data.ts";
import "../../../i18n/screens/community.ts";

/** Settings › Personal data: the member's RGPD rights, a copy of their data and the deletion of their account. */
export function PersonalDataPanel() {
  const { t } = useTranslation("community");
  return (
    <div className="settings-form personal-data">
      <p>
        {t("privacy_intro")}{" "}
        <Link to="/legal/$type" params={{ type: "rgpd" }}>
          {t("privacy_policy_link")}
        </Link>
      </p>
      <DataExportSection />
      <DeleteAccountSection />
    </div>
  );
}

function DataExportSection() {
  const { t, i18n } = useTranslation("community");
  const latest = useDataExport();
  const request = useRequestDataExport({ onError: (error) => toast.error(error.message) });
  const current = latest.data?.export ?? null;
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: "long", timeStyle: "short" }) : "");
  return (
    <section aria-labelledby="data-export-title">
      <h2 id="data-export-title">{t("data_export_title")}</h2>
      <p>{t("data_export_help")}</p>
      <ExportState current={current} date={date} />
      {current?.status !== "pending" ? (
        <Button variant="secondary" onClick={() => request.mutate()} busy={request.isPending}>
          {current?.status === "ready" ? t("data_export_again") : t("data_export_request")}
        </Button>
      ) : null}
    </section>
  );
}

function ExportState({ current, date }: { current: DataExport | null; date: (iso: string | null) => string }) {
  const { t, i18n } = useTranslation("community");
  if (!current) return null;
  switch (current.status) {
    case "pending":
      return (
        <p role="status" aria-live="polite">
          {t("data_export_pending", { date: date(current.requestedAt) })}
        </p>
      );
    case "ready":
      return (
        <p role="status">
          <a href={current.downloadUrl!} download>
            {t("data_export_download", { size: formatFileSize(current.size, i18n.language) })}
          </a>{" "}
          {t("data_export_until", { date: date(current.expiresAt) })}
        </p>
      );
    case "failed":
      return <p role="alert">{t("data_export_failed")}</p>;
    case "expired":
      return <p>{t("data_export_expired")}</p>;
  }
}

function DeleteAccountSection() {
  const { t } = useTranslation("community");
  const { user } = useSession();
  const navigate = useNavigate();
  const withPassword = user?.hasPassword !== false;
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string>();
  const remove = useDeleteAccount({
    onSuccess: (answer) => {
      const refunded = answer.refunded.reduce((sum, r) => sum + r.amount, 0);
      toast.success(refunded > 0 ? t("account_deleted_refunded", { amount: refunded }) : t("account_deleted"));
      void navigate({ to: "/" });
    },
    onError: (failure) => setError(Object.values(serverFields(failure))[0] ?? failure.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!secret) return setError(t(withPassword ? "delete_account_password_missing" : "delete_account_username_missing"));
    setError(undefined);
    remove.mutate(withPassword ? { password: secret } : { confirmation: secret });
  };
  return (
    <section aria-labelledby="delete-account-title" className="danger-zone">
      <h2 id="delete-account-title">{t("delete_account_title")}</h2>
      <p>{t("delete_account_help")}</p>
      <ul>
        <li>{t("delete_account_refunds")}</li>
        <li>{t("delete_account_replays")}</li>
        <li>{t("delete_account_coins")}</li>
        <li>{t("delete_account_kept")}</li>
      </ul>
      <form onSubmit={submit} noValidate>
        <TextField
          label={withPassword ? t("delete_account_password") : t("delete_account_username", { username: user?.username })}
          type={withPassword ? "password" : "text"}
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          error={error}
          autoComplete={withPassword ? "current-password" : "off"}
        />
        <Button type="submit" variant="danger" busy={remove.isPending}>
          {t("delete_account_confirm")}
        </Button>
      </form>
    </section>
  );
}
