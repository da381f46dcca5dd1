import { describe, expect, it } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const localesDir = join(import.meta.dir, "../client/i18n/locales");
const languages = readdirSync(localesDir);

function keys(lang: string, namespace: string): string[] {
  const text = readFileSync(join(localesDir, lang, `${namespace}.json`), "utf8");
  return Object.keys(JSON.parse(text)).sort();
}

describe("translations", () => {
  it("exist in French and English", () => {
    expect(languages.sort()).toEqual(["en", "fr"]);
  });

  for (const namespace of readdirSync(join(localesDir, "fr")).map((f) => f.replace(/\.json$/, ""))) {
    it(`have the same keys in every language: ${namespace}`, () => {
      const french = keys("fr", namespace);
      for (const lang of languages) {
        const missing = french.filter((k) => !keys(lang, namespace).includes(k));
        const extra = keys(lang, namespace).filter((k) => !french.includes(k));
        expect({ lang, missing, extra }).toEqual({ lang, missing: [], extra: [] });
      }
    });

    it(`have no empty text: ${namespace}`, () => {
      for (const lang of languages) {
        const texts = JSON.parse(readFileSync(join(localesDir, lang, `${namespace}.json`), "utf8")) as Record<string, string>;
        expect(Object.entries(texts).filter(([, text]) => !text.trim())).toEqual([]);
      }
    });
  }
});
