import { serverFields } from "../../../lib/api.ts";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { toast } from "../../../lib/ui.ts";
import { checkConfirmation, checkPassword, fieldTexts } from "../../../lib/validation.ts";
import { useChangePassword } from "../api/change-password.ts";
import "../../../i18n/screens/community.ts";

const EMPTY = { oldPassword: "", newPassword: "", confirmation: "" };

/** The old password, the new one twice; a refusal without field messages lands on the old password. */
export function ChangePasswordForm() {
  const { t } = useTranslation("community");
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useChangePassword({
    onSuccess: (answer) => {
      setFields(EMPTY);
      toast.success(answer.message);
    },
    onError: (error) => {
      const found = serverFields(error);
      setErrors(Object.keys(found).length ? found : { oldPassword: error.message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldTexts(
      { oldPassword: fields.oldPassword ? undefined : "empty_field", newPassword: checkPassword(fields.newPassword), confirmation: checkConfirmation(fields.newPassword, fields.confirmation) },
      t,
    ) as Record<string, string>;
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate({ oldPassword: fields.oldPassword, newPassword: fields.newPassword });
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
