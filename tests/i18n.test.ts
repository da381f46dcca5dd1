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

  it("say nothing in English to French readers, but the words both languages use", () => {
    const bothLanguages = new Set([
      "Action",
      "Audio",
      "Administration",
      "Raid",
      "Machine",
      "Page {{page}}",
      "Suspension",
      "Arena",
      "Auto",
      "Auto ({{level}})",
      "Source ({{size}})",
      "Avatars",
      "Badges",
      // The Swiss tie-breaks' own names (issue 34, item 5), and points, the same word.
      "Buchholz",
      "Chat",
      "Raid",
      "Raids",
      "Clips",
      "Co-streamer",
      "Contact",
      "Cookies",
      "Danger",
      "Date",
      "Dates",
      "Description",
      "Discipline",
      "Email",
      "Facebook",
      "Format",
      "Gaming",
      "Guide",
      "Instagram",
      "Live",
      "Lives",
      "Marketing",
      "Menu",
      "Message",
      "Multi-streaming",
      "Notes",
      "Notifications",
      "Participant",
      "Participants",
      "Points",
      "Restrictions",
      "Sonneborn-Berger ({{value}})",
      "Source",
      "Standard (HLS)",
      "Streamer",
      "Streamers",
      "Structure",
      "Suggestions",
      "Tags",
      "Twitch",
      "Version {{version}}",
      "Volume",
      "Webhooks",
      "Test",
      "YouTube",
      "/static/translations",
      "{{value}} G-Coins",
    ]);
    const untranslated: string[] = [];
    for (const file of readdirSync(join(localesDir, "fr"))) {
      const french = JSON.parse(readFileSync(join(localesDir, "fr", file), "utf8")) as Record<string, string>;
      const english = JSON.parse(readFileSync(join(localesDir, "en", file), "utf8")) as Record<string, string>;
      for (const [key, text] of Object.entries(french))
        if (text === english[key] && /\p{L}{4,}/u.test(text.replace(/\{\{\w+\}\}/g, "")) && !bothLanguages.has(text)) untranslated.push(`${file} ${key}: ${text}`);
    }
    expect(untranslated).toEqual([]);
  });

  it("give one English message one French wording, unless French needs two (a verb and a noun, one and many)", () => {
    const twoFrenchWordings = new Set(["Credit", "Start", "End", "Registered", "Approved", "Pending", "Rejected", "Live", "Channel settings", "Username", "Email", "Sign Up"]);
    const frenchOf = new Map<string, Set<string>>();
    for (const file of readdirSync(join(localesDir, "en"))) {
      const french = JSON.parse(readFileSync(join(localesDir, "fr", file), "utf8")) as Record<string, string>;
      const english = JSON.parse(readFileSync(join(localesDir, "en", file), "utf8")) as Record<string, string>;
      for (const [key, text] of Object.entries(english)) frenchOf.set(text, (frenchOf.get(text) ?? new Set()).add(french[key]!));
    }
    const twice = [...frenchOf].filter(([english, wordings]) => wordings.size > 1 && !twoFrenchWordings.has(english)).map(([english, wordings]) => `${english}: ${[...wordings].join(" / ")}`);
    expect(twice).toEqual([]);
  });
});
