import { describe, expect, it } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { demoMembers } from "../../server/demo/community.ts";
import { demoEvents, demoPlayers, demoTournaments } from "../../server/demo/competitions.ts";
import { loggedInContext, useServerAndBrowser, visitorContext } from "../fixtures/e2e.ts";
import { demoScreens, routesNotWalked, routeTreePaths, type Screen, screenSettled, walkerSession } from "../fixtures/screens.ts";

/**
 * Every screen, walked in French and in English, must show no text of the other language. The
 * foreign texts are read from the dictionaries themselves: a text of the other language that is not
 * also a text of this one (names such as "G-Coins" or "Discord" are the same in both and prove nothing).
 */
const handles = useServerAndBrowser({ DEMO: "1" }, { ingest: true });

type Language = "fr" | "en";
const localesDir = join(import.meta.dir, "../../client/i18n/locales");

function dictionaryTexts(lang: Language): string[] {
  return readdirSync(join(localesDir, lang)).flatMap((file) => Object.values(JSON.parse(readFileSync(join(localesDir, lang, file), "utf8")) as Record<string, string>));
}

/**
 * A text as a pattern, its {{placeholders}} filled by anything when the rest says enough on its own
 * ("{{count}} viewers are watching"), by numbers only when one word is all the rest says ("Round {{n}}"
 * must catch "Round 2", not the French "Round robin").
 */
function asPattern(text: string): RegExp {
  const words = text.replace(/\{\{\w+\}\}/g, " ").match(/\p{L}{3,}/gu) ?? [];
  const filler = words.length >= 2 ? ".+" : "[\\d\\s.,:/%+-]+";
  const escaped = text
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/\\\{\\\{\w+\\\}\\\}/g, filler);
  return new RegExp(`^${escaped}$`, "u");
}

/** Texts that give a language away: at least one word of four letters once placeholders are gone. */
function foreignPatterns(shown: Language, other: Language): RegExp[] {
  const own = new Set(dictionaryTexts(shown).map((text) => text.trim()));
  return [...new Set(dictionaryTexts(other).map((text) => text.trim()))].filter((text) => !own.has(text) && /\p{L}{4,}/u.test(text.replace(/\{\{\w+\}\}/g, ""))).map(asPattern);
}

/** Every text a person can read or hear on the page: text nodes, and the labels, titles and placeholders. */
function textsOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const parent = walker.currentNode.parentElement;
      if (parent && !["SCRIPT", "STYLE", "NOSCRIPT"].includes(parent.tagName)) texts.add((walker.currentNode.textContent ?? "").trim());
    }
    for (const element of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
      for (const name of ["aria-label", "title", "placeholder", "alt"]) texts.add((element.getAttribute(name) ?? "").trim());
    }
    texts.delete("");
    return [...texts];
  });
}

/** What the demo's members wrote (names, titles, places): content, in whatever language its author chose. */
const demoContent = new Set<string>([
  ...demoMembers.flatMap((member) => [member.username, member.firstName, member.lastName, member.about, member.title, ...member.tags]),
  ...demoPlayers,
  ...demoTournaments.flatMap((tournament) => [tournament.name, tournament.prize]),
  ...demoEvents.flatMap((event) => [event.name, event.location]),
]);

async function walk(lang: Language): Promise<{ path: string; text: string }[]> {
  const { server, browser } = handles;
  const screens = await demoScreens(server);
  const session = await walkerSession(server);
  const foreign = foreignPatterns(lang, lang === "fr" ? "en" : "fr");
  const found: { path: string; text: string }[] = [];
  for (const signedIn of [false, true]) {
    const viewport = { width: 1440, height: 900 };
    const context = signedIn ? await loggedInContext(browser, server.url, session.cookie, session.user, viewport, { language: lang }) : await visitorContext(browser, viewport, { language: lang });
    const page = await context.newPage();
    for (const screen of screens.filter((candidate: Screen) => candidate.signedIn === signedIn)) {
      await page.goto(server.url + screen.path);
      await screenSettled(page);
      for (const text of await textsOnPage(page)) if (!demoContent.has(text) && foreign.some((pattern) => pattern.test(text))) found.push({ path: screen.path, text });
    }
    await context.close();
  }
  return found;
}

describe("every screen speaks one language", () => {
  it("walks every route of the route tree", async () => {
    const walked = (await demoScreens(handles.server)).map((screen) => screen.route);
    expect(routeTreePaths().filter((route) => !walked.includes(route) && !(route in routesNotWalked))).toEqual([]);
  });

  // A walk of every screen: 100 s beside two other files; the limit, like the accessibility walk's, is a hang detector.
  it("shows no English in French", async () => {
    expect(await walk("fr")).toEqual([]);
  }, 300_000);

  it("shows no French in English", async () => {
    expect(await walk("en")).toEqual([]);
  }, 300_000);
});
