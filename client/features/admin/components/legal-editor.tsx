import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/ui.ts";
import { adminCalls, useAdminCall, useLegalForEdit, useLegalVersions } from "../api/site.ts";
import "../../../i18n/screens/admin.ts";
import { ChoiceField } from "./choice-field.tsx";

// The server's LEGAL_TYPES, the CGU first (the text admins edit most); kept here so zod stays out of the console.
const LEGAL_TYPES = ["cgu", "rgpd", "mentions-legales", "faq"] as const;

/**
 * The legal texts, edited in the app: one type and language at a time, as HTML the server sanitises
 * (as it always did). Each save makes a new version whose date members see on the page; the earlier
 * versions stay listed here.
 */
export function LegalEditor() {
  const { t, i18n } = useTranslation("admin");
  const [type, setType] = useState<(typeof LEGAL_TYPES)[number]>("cgu");
  const [lang, setLang] = useState<"fr" | "en">("fr");
  const current = useLegalForEdit(type, lang);
  const versions = useLegalVersions(type, lang);
  const [draft, setDraft] = useState({ title: "", content: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const document = current.data?.data;
  useEffect(() => setDraft({ title: document?.title ?? "", content: document?.content ?? "" }), [document]);
  const save = useAdminCall(adminCalls.saveLegal, {
    onSuccess: (answer) => toast.success(t("legal_saved", { version: answer.data.version })),
    onError: (e) => (e instanceof ApiError && e.fields.length ? setErrors(Object.fromEntries(e.fields.map((f) => [f.field, f.msg]))) : toast.error(e.message)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate({ type, lang, ...draft });
  };
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: "long", timeStyle: "short" });
  return (
    <section>
      <h2>{t("legal_title")}</h2>
      <div className="admin-row">
        <ChoiceField label={t("legal_document")} value={type} choices={LEGAL_TYPES.map((value) => ({ value, label: t(`legal_${value}`) }))} onChange={setType} />
        <ChoiceField
          label={t("legal_language")}
          value={lang}
          choices={[
            { value: "fr", label: "Français" },
            { value: "en", label: "English" },
          ]}
          onChange={setLang}
        />
      </div>
      {document ? <p className="muted">{t("legal_current", { version: document.version, date: date(document.updated_at) })}</p> : null}
      <form className="admin-legal-form" onSubmit={submit}>
        <TextField label={t("legal_heading")} value={draft.title} maxLength={140} error={errors.title} onChange={(event) => setDraft({ ...draft, title: event.target.value })} />
        <label className="field">
          <span className="field-caption">{t("legal_content")}</span>
          <textarea rows={12} value={draft.content} onChange={(event) => setDraft({ ...draft, content: event.target.value })} aria-invalid={errors.content ? true : undefined} />
          <span className="muted small">{t("legal_content_help")}</span>
        </label>
        <Button type="submit" busy={save.isPending}>
          {t("legal_save")}
        </Button>
      </form>
      <h3>{t("legal_versions")}</h3>
      <ol className="admin-facts">
        {(versions.data?.versions ?? []).map((version) => (
          <li key={version.version}>
            {t("legal_version_line", { version: version.version, date: date(version.updatedAt), who: version.updatedBy ?? "—" })} · {version.title}
          </li>
        ))}
      </ol>
      {versions.data && versions.data.versions.length === 0 ? <p className="muted">{t("legal_no_versions")}</p> : null}
    </section>
  );
}
