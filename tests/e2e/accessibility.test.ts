import { describe, expect, it } from "bun:test";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { loggedInContext, useServerAndBrowser, visitorContext } from "../fixtures/e2e.ts";
import { demoScreens, type Screen, screenSettled, walkerSession } from "../fixtures/screens.ts";

/**
 * axe-core (from node_modules, never a CDN) over every screen of the route tree, signed out and
 * signed in, in both themes, at phone and desktop widths, with the WCAG 2.0 and 2.1 A and AA rules.
 * A violation of impact "serious" or "critical" fails the walk; the totals are printed.
 */
const handles = useServerAndBrowser({ DEMO: "1" }, { ingest: true });

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];
const THEMES = ["dark", "light"] as const;

interface Violation {
  where: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** axe's verdict on the page as it stands; evaluated through the debugger, so the page's CSP does not apply. */
async function axeViolations(page: Page, where: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async (tags) => {
    const result = await (
      window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }
    ).axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((violation) => ({ rule: violation.id, impact: violation.impact, nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")) }));
  }, RULES);
  return found.map((violation) => ({ where, ...violation }));
}

/** On a phone the stream's actions sit under its "Détails" tab; on a desktop they are already in view. */
async function showStreamActions(page: Page): Promise<void> {
  const details = page.getByRole("tab", { name: "Détails" }).filter({ visible: true });
  if (await details.count()) await details.click();
}

function contextFor(browser: Browser, theme: (typeof THEMES)[number], viewport: { width: number; height: number }, session?: { cookie: string; user: unknown }) {
  return session ? loggedInContext(browser, handles.server.url, session.cookie, session.user, viewport, { theme }) : visitorContext(browser, viewport, { theme });
}

describe("accessibility (axe-core, WCAG 2.1 A and AA)", () => {
  it("finds nothing serious or critical on any screen, in either theme, at either width", async () => {
    const { server, browser } = handles;
    const screens = await demoScreens(server);
    const session = await walkerSession(server);
    const violations: Violation[] = [];
    let combinations = 0;
    for (const theme of THEMES) {
      for (const viewport of WIDTHS) {
        for (const signedIn of [false, true]) {
          const context = await contextFor(browser, theme, viewport, signedIn ? session : undefined);
          const page = await context.newPage();
          for (const screen of screens.filter((candidate: Screen) => candidate.signedIn === signedIn)) {
            await page.goto(server.url + screen.path);
            await screenSettled(page);
            violations.push(...(await axeViolations(page, `${screen.path} ${theme} ${viewport.width}`)));
            combinations += 1;
          }
          await context.close();
        }
      }
    }
    const blocking = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    const byRule = Object.fromEntries([...new Set(violations.map((v) => `${v.rule} (${v.impact})`))].map((rule) => [rule, violations.filter((v) => `${v.rule} (${v.impact})` === rule).length]));
    console.log(`axe: ${combinations} screen × theme × width combinations, ${violations.length} violations, ${blocking.length} serious or critical`, byRule);
    expect(blocking).toEqual([]);
  }, 600_000);

  it("finds nothing serious or critical with the main dialogs open, in either theme, at either width", async () => {
    const { server, browser } = handles;
    const session = await walkerSession(server);
    const event = (await demoScreens(server)).find((screen) => screen.route === "/events/$slug/manage")!;
    const visible = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).filter({ visible: true }).first();
    // Each dialog: where it opens, who opens it, and the clicks that open it.
    const dialogs: { name: string; path: string; signedIn: boolean; open: (page: Page) => Promise<void> }[] = [
      { name: "auth", path: "/", signedIn: false, open: (page) => visible(page, "Connexion").click() },
      { name: "go-live", path: "/", signedIn: true, open: (page) => visible(page, "Lancer un live").click() },
      {
        name: "share",
        path: "/stream/ZeldaPro",
        signedIn: false,
        open: async (page) => {
          await showStreamActions(page);
          await visible(page, "Partager").click();
        },
      },
      {
        name: "report",
        path: "/stream/Kestrel",
        signedIn: true,
        open: async (page) => {
          await showStreamActions(page);
          await visible(page, "Plus d'actions").click();
          await page.getByRole("menuitem", { name: "Signaler" }).click();
        },
      },
      { name: "confirm", path: event.path, signedIn: true, open: (page) => visible(page, "Annuler l'événement").click() },
    ];
    const violations: Violation[] = [];
    for (const theme of THEMES) {
      for (const viewport of WIDTHS) {
        for (const dialog of dialogs) {
          const context = await contextFor(browser, theme, viewport, dialog.signedIn ? session : undefined);
          const page = await context.newPage();
          await page.goto(server.url + dialog.path);
          await screenSettled(page);
          await dialog.open(page);
          await page.getByRole("dialog").or(page.getByRole("alertdialog")).first().waitFor();
          // Judge the dialog once it has faded in: mid-fade, its colours are blends of the page behind.
          // (Endless animations, a live dot's pulse or a spinner, never finish and are left out.)
          await page.waitForFunction(() =>
            document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
          );
          violations.push(...(await axeViolations(page, `${dialog.name} dialog ${theme} ${viewport.width}`)));
          await context.close();
        }
      }
    }
    const blocking = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    console.log(`axe: ${dialogs.length * THEMES.length * WIDTHS.length} dialog × theme × width combinations, ${violations.length} violations, ${blocking.length} serious or critical`);
    expect(blocking).toEqual([]);
  }, 300_000);
});
