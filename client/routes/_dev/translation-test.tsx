import { createFileRoute } from "@tanstack/react-router";
import i18next from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import type { z } from "zod";
import type { TranslateResponse, TranslateSchema } from "../../../server/i18n/schemas.ts";
import { apiAnswer } from "../../lib/api.ts";
import { ensureLanguage, type Language, LANGUAGES, languageSourceStore } from "../../lib/i18n.ts";
import { useStore } from "../../lib/store.ts";
import { CACHE_VERSION, clearCache, completeness, readCache, type Translations } from "../../lib/translation-loader.ts";
import { ALL_FRENCH as french } from "../../i18n/screens/all.ts";

export const Route = createFileRoute("/_dev/translation-test")({ component: TranslationTestScreen });

/** The answer whatever its status: the translation, or an error body and its `msg`. */
type TranslateAnswer = Partial<TranslateResponse> & { msg?: string };

/** What the app holds for `lang` right now: the texts i18next has, namespace by namespace. */
function loadedTexts(lang: Language): Translations {
  return Object.fromEntries(Object.keys(french).map((namespace) => [namespace, (i18next.getResourceBundle(lang, namespace) as Record<string, string> | undefined) ?? {}]));
}

const count = (translations: Translations) => Object.values(translations).reduce((sum, texts) => sum + Object.keys(texts).length, 0);
const percent = (share: number) => `${Math.floor(share * 1000) / 10} %`;

/** Developer page: the current language, where each language's texts came from, what is missing, and a try of /api/translate. */
function TranslationTestScreen() {
  const { t, i18n } = useTranslation("i18n");
  const sources = useStore(languageSourceStore);
  const [, setTick] = useState(0);
  const [busy, setBusy] = useState(false);
  const loaded = Object.fromEntries(LANGUAGES.map((lang) => [lang, loadedTexts(lang)])) as Record<Language, Translations>;
  const cache = readCache("en");
  const namespaces = Object.keys(french).sort();
  const current = i18n.resolvedLanguage ?? i18n.language;

  async function reload() {
    setBusy(true);
    await ensureLanguage("en", { reload: true });
    setBusy(false);
  }

  return (
    <main className="page" style={{ display: "grid", gap: 24 }}>
      <header>
        <h1>{t("title")}</h1>
        <p className="muted">{t("intro")}</p>
        <p>
          {t("current", { lang: current.toUpperCase() })} — {t("source", { source: sourceLabel(t, sources[current as Language]) })}
        </p>
      </header>

      <section aria-labelledby="i18n-languages" style={{ display: "grid", gap: 12 }}>
        <h2 id="i18n-languages">{t("languages_heading")}</h2>
        <table className="i18n-table">
          <thead>
            <tr>
              <th scope="col">{t("language")}</th>
              <th scope="col">{t("source_column")}</th>
              <th scope="col">{t("keys")}</th>
              <th scope="col">{t("coverage")}</th>
            </tr>
          </thead>
          <tbody>
            {LANGUAGES.map((lang) => (
              <tr key={lang}>
                <th scope="row">{lang.toUpperCase()}</th>
                <td>{sources[lang] ? <code>{sources[lang]}</code> : t("not_loaded")}</td>
                <td className="tabular">{count(loaded[lang])}</td>
                <td className="tabular">{percent(completeness(loaded[lang], french))}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted small">{cache ? t("cache_state", { count: count(cache), coverage: percent(completeness(cache, french)), version: CACHE_VERSION }) : t("cache_empty")}</p>
        <div className="row">
          <Button variant="secondary" busy={busy} onClick={() => void reload()}>
            {t("load_chain")}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              clearCache("en");
              setTick((tick) => tick + 1);
            }}
          >
            {t("clear_cache")}
          </Button>
        </div>
      </section>

      <section aria-labelledby="i18n-namespaces" style={{ display: "grid", gap: 12 }}>
        <h2 id="i18n-namespaces">{t("namespaces_heading")}</h2>
        <div style={{ overflowX: "auto" }}>
          <table className="i18n-table">
            <thead>
              <tr>
                <th scope="col">{t("namespace")}</th>
                {LANGUAGES.map((lang) => (
                  <th scope="col" key={lang} className="tabular">
                    {lang.toUpperCase()}
                  </th>
                ))}
                <th scope="col">{t("missing")}</th>
              </tr>
            </thead>
            <tbody>
              {namespaces.map((namespace) => {
                const union = new Set(LANGUAGES.flatMap((lang) => Object.keys(loaded[lang][namespace] ?? {})));
                const missing = LANGUAGES.flatMap((lang) => (sources[lang] ? [...union].filter((key) => !(key in (loaded[lang][namespace] ?? {}))).map((key) => `${lang}: ${key}`) : []));
                return (
                  <tr key={namespace}>
                    <th scope="row">{namespace}</th>
                    {LANGUAGES.map((lang) => (
                      <td key={lang} className="tabular">
                        {sources[lang] ? Object.keys(loaded[lang][namespace] ?? {}).length : "—"}
                      </td>
                    ))}
                    <td style={{ overflowWrap: "anywhere" }}>{missing.length ? missing.join(", ") : t("none_missing")}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <TryTranslate />
    </main>
  );
}

function sourceLabel(t: (key: string) => string, source: string | null | undefined): string {
  return source ? t(`source_${source}`) : t("not_loaded");
}

/** A small form around POST /api/translate, showing the whole answer. */
function TryTranslate() {
  const { t } = useTranslation("i18n");
  const id = useId();
  const [text, setText] = useState("Retour à l'accueil");
  const [from, setFrom] = useState<Language>("fr");
  const [to, setTo] = useState<Language>("en");
  const [answer, setAnswer] = useState<TranslateAnswer>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await apiAnswer<TranslateAnswer>("/translate", { method: "POST", body: { text, source_lang: from, target_lang: to } satisfies z.input<typeof TranslateSchema> });
    setAnswer(answer?.body ?? { success: false, error: i18next.t("errors:network_error") });
    setBusy(false);
  }

  const select = (label: string, value: Language, onChange: (lang: Language) => void) => (
    <div className="field">
      <label htmlFor={`${id}-${label}`}>{t(label)}</label>
      <select id={`${id}-${label}`} value={value} onChange={(event) => onChange(event.target.value as Language)}>
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {lang.toUpperCase()}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section aria-labelledby={`${id}-heading`} style={{ display: "grid", gap: 12 }}>
      <h2 id={`${id}-heading`}>{t("try_heading")}</h2>
      <form onSubmit={submit} style={{ display: "grid", gap: 12, maxWidth: 640 }}>
        <div className="field">
          <label htmlFor={`${id}-text`}>{t("try_label")}</label>
          <textarea id={`${id}-text`} rows={2} maxLength={5000} value={text} onChange={(event) => setText(event.target.value)} required />
        </div>
        <div className="row" style={{ alignItems: "end" }}>
          {select("from", from, setFrom)}
          {select("to", to, setTo)}
          <Button type="submit" busy={busy}>
            {t("try_submit")}
          </Button>
        </div>
      </form>
      <div role="status">
        {answer ? (
          <>
            <p style={{ margin: 0, fontSize: 20 }}>{answer.translation ?? "—"}</p>
            <p className="muted small" style={{ margin: 0 }}>
              {answer.success ? t("try_success", { source: answer.source }) : t("try_failed", { error: answer.error ?? answer.msg ?? "" })}
            </p>
          </>
        ) : null}
      </div>
    </section>
  );
}
