import { createFileRoute } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/button.tsx";
import { TextField } from "../components/text-field.tsx";
import { bundledFrench, languageSourceStore } from "../lib/i18n.ts";
import { useStore } from "../lib/store.ts";

export const Route = createFileRoute("/translation-test")({ component: TranslationTestScreen });

/** Developer page: which language is on, where its texts came from, what is missing, and a try of /api/translate. */
function TranslationTestScreen() {
  const { t, i18n } = useTranslation("i18n");
  const source = useStore(languageSourceStore);
  const [text, setText] = useState("Retour à l'accueil");
  const [answer, setAnswer] = useState<string>();
  const french = bundledFrench();
  const rows = Object.entries(french).map(([namespace, texts]) => {
    const keys = Object.keys(texts);
    const missing = keys.filter((key) => !i18n.exists(`${namespace}:${key}`, { lng: i18n.language, fallbackLng: false }));
    return { namespace, total: keys.length, missing };
  });

  async function tryTranslate(event: FormEvent) {
    event.preventDefault();
    const res = await fetch("/api/translate", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text, source_lang: "fr", target_lang: "en" }) });
    const body = (await res.json()) as { translation?: string; msg?: string };
    setAnswer(body.translation ?? body.msg);
  }

  return (
    <main className="page">
      <h1>{t("title")}</h1>
      <p>
        {t("current", { lang: i18n.language.toUpperCase() })} — {t("source", { source: t(`source_${source}`) })}
      </p>
      <table className="i18n-table">
        <thead>
          <tr>
            <th>{t("namespace")}</th>
            <th>{t("keys")}</th>
            <th>{t("missing")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.namespace}>
              <td>{row.namespace}</td>
              <td className="tabular">{row.total}</td>
              <td>{row.missing.length ? row.missing.join(", ") : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form onSubmit={tryTranslate} className="row" style={{ marginTop: 24, alignItems: "end" }}>
        <TextField label={t("try_label")} value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit">{t("try_submit")}</Button>
      </form>
      {answer ? <p role="status">{answer}</p> : null}
    </main>
  );
}
