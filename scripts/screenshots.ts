// Takes screenshots of screens at phone and desktop width, in dark and light, into docs/screenshots/.
// Usage: bun scripts/screenshots.ts [name=path ...]   (needs the built web app and Debian's chromium)
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchChromium } from "../tests/fixtures/chromium.ts";
import { signedInUser, startTestServer } from "../tests/fixtures/server.ts";

const defaults = ["home=/", "not-found=/no/such/page", "notifications=/notifications"];
const shots = (Bun.argv.slice(2).length ? Bun.argv.slice(2) : defaults).map((arg) => {
  // name=path, or name=path=user for a logged-in visit (the path may hold "=" itself).
  const name = arg.slice(0, arg.indexOf("="));
  const rest = arg.slice(arg.indexOf("=") + 1);
  const loggedIn = rest.endsWith("=user");
  return { name, path: loggedIn ? rest.slice(0, -"=user".length) : rest, loggedIn };
});
const sizes = [
  { label: "375", width: 375, height: 812 },
  { label: "1440", width: 1440, height: 900 },
];
const out = join(import.meta.dir, "../docs/screenshots");
mkdirSync(out, { recursive: true });

const server = await startTestServer();
const browser = await launchChromium();
try {
  const { browser: api, user } = await signedInUser(server, { username: "ZeldaPro" });
  for (const shot of shots) {
    for (const size of sizes) {
      for (const theme of ["dark", "light"] as const) {
        const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, colorScheme: theme });
        await context.addInitScript(
          ([dark, session]) => {
            localStorage.setItem("darkMode", dark);
            localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false, preferences: false, timestamp: 0 }));
            if (session) localStorage.setItem("session", session);
          },
          [String(theme === "dark"), shot.loggedIn ? JSON.stringify({ user, isLoggedIn: true }) : ""] as const,
        );
        if (shot.loggedIn) await context.addCookies([{ name: "arena_session", value: api.cookies.get("arena_session")!, url: server.url }]);
        const page = await context.newPage();
        await page.goto(server.url + shot.path, { waitUntil: "networkidle" });
        // Let effects that open dialogs or swap skeletons for content finish drawing.
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(out, `${shot.name}-${size.label}-${theme}.png`) });
        await context.close();
      }
    }
  }
  console.log(`${shots.length * 4} screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
