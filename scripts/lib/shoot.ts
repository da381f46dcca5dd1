// One screen at phone and desktop width, in dark and light, into docs/screenshots/NAME-{375,1440}-{dark,light}.png:
// the loop every screenshot script shares (scripts/screenshots*.ts).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser as Chromium, Page } from "playwright-core";
import type { Browser } from "../../tests/fixtures/server.ts";

export interface ScreenSize {
  label: string;
  width: number;
  height: number;
}
const SCREEN_SIZES: readonly ScreenSize[] = [
  { label: "375", width: 375, height: 812 },
  { label: "1440", width: 1440, height: 900 },
];

export const SCREENSHOTS_DIR = join(import.meta.dir, "../../docs/screenshots");

/** Who looks: an API session whose cookie the page gets, and the user the web app keeps in its storage. */
interface Viewer {
  browser: Browser;
  user: { id: number; username: string };
}

interface Shot {
  name: string;
  path: string;
  /** Logged in as this member; a visitor when absent. */
  as?: Viewer | null;
  /** What to do on the loaded page before the picture: open a tab, scroll to a part, press keys. */
  before?: (page: Page, size: ScreenSize) => Promise<void>;
  fullPage?: boolean;
  /** Other widths than the phone's 375 and the desktop's 1440 (a 390 phone, a 1366 laptop). */
  sizes?: readonly ScreenSize[];
}

/** Takes `shot` at each width (phone and desktop unless it says) in both themes, in French, with the cookie banner already answered. */
export async function shoot(chromium: Chromium, siteUrl: string, shot: Shot): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  for (const size of shot.sizes ?? SCREEN_SIZES) {
    for (const theme of ["dark", "light"] as const) {
      const context = await chromium.newContext({ viewport: { width: size.width, height: size.height }, colorScheme: theme, locale: "fr-FR" });
      await context.addInitScript(
        ([dark, session]) => {
          localStorage.setItem("darkMode", dark);
          localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false, preferences: false, timestamp: 0 }));
          if (session) localStorage.setItem("session", session);
        },
        [String(theme === "dark"), shot.as ? JSON.stringify({ user: shot.as.user, isLoggedIn: true }) : ""] as const,
      );
      if (shot.as) await context.addCookies([{ name: "arena_session", value: shot.as.browser.cookies.get("arena_session")!, url: siteUrl }]);
      const page = await context.newPage();
      await page.goto(siteUrl + shot.path, { waitUntil: "load" });
      // A live page never goes quiet (the video keeps streaming): wait for quiet, but not for ever.
      await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
      await shot.before?.(page, size);
      // Let effects that open dialogs or swap skeletons for content finish drawing.
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(SCREENSHOTS_DIR, `${shot.name}-${size.label}-${theme}.png`), fullPage: shot.fullPage });
      await context.close();
    }
  }
}
