// Takes screenshots of screens at phone and desktop width, in dark and light, into docs/screenshots/.
// Usage: [DEMO=1] [KEYS="Tab Tab"] bun scripts/screenshots.ts [name=path ...]   (needs the built web app and Debian's chromium)
// KEYS: keys pressed before each shot (to show focus: the skip link, a focused control).
// SETUP=scripts/screenshot-setups/NAME.ts: its setup(server) runs first, to put the site in the state to show.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchChromium } from "../tests/fixtures/chromium.ts";
import { DEMO_PASSWORD, demoMembers } from "../server/demo/community.ts";
import { ADMIN, ADMIN_ENV } from "../tests/fixtures/money.ts";
import { Browser, signedInUser, startTestServer } from "../tests/fixtures/server.ts";

const defaults = ["home=/", "not-found=/no/such/page", "notifications=/notifications"];
const shots = (Bun.argv.slice(2).length ? Bun.argv.slice(2) : defaults).map((arg) => {
  // name=path, or name=path=user for a logged-in visit, name=path=user:Name for a given demo member, name=path=admin for the site's admin.
  const name = arg.slice(0, arg.indexOf("="));
  const rest = arg.slice(arg.indexOf("=") + 1);
  const visitor = /=(user|admin)(?::(\w+))?$/.exec(rest);
  return { name, path: visitor ? rest.slice(0, visitor.index) : rest, loggedIn: Boolean(visitor), member: visitor?.[1] === "admin" ? ADMIN.username : visitor?.[2] };
});
const sizes = [
  { label: "375", width: 375, height: 812 },
  { label: "1440", width: 1440, height: 900 },
];
const out = join(import.meta.dir, "../docs/screenshots");
mkdirSync(out, { recursive: true });

// DEMO=1 shoots the demo community (tournaments, events, two synthetic lives) instead of an empty site.
const server = await (process.env.DEMO ? startTestServer({ ...ADMIN_ENV, DEMO: "1" }, { ingest: true }) : startTestServer(ADMIN_ENV));
const browser = await launchChromium();
if (process.env.SETUP) await ((await import(join(process.cwd(), process.env.SETUP))) as { setup: (s: typeof server) => Promise<void> }).setup(server);
try {
  const firstVisitor = process.env.DEMO ? await login(demoMembers[0]!.username) : await signedInUser(server, { username: "ZeldaPro" });
  for (const shot of shots) {
    const { browser: api, user } = shot.member ? await login(shot.member) : firstVisitor;
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
        await page.goto(server.url + shot.path, { waitUntil: "load" });
        // A live page never goes quiet (the video keeps streaming): wait for quiet, but not for ever.
        await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
        // Let effects that open dialogs or swap skeletons for content finish drawing.
        await page.waitForTimeout(400);
        for (const key of (process.env.KEYS ?? "").split(" ").filter(Boolean)) await page.keyboard.press(key);
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

/** A demo member (by default the first, who organises its 16-player tournament and streams), or the admin. */
async function login(username: string) {
  const api = new Browser(server.url);
  const login = await api.post("/api/auth/login", { login: username, password: username === ADMIN.username ? ADMIN.password : DEMO_PASSWORD });
  if (login.status !== 200) throw new Error(`demo login failed: ${JSON.stringify(login.body)}`);
  return { browser: api, user: login.body.user as { id: number; username: string } };
}
