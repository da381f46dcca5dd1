// Takes screenshots of screens at phone and desktop width, in dark and light, into docs/screenshots/.
// Usage: [DEMO=1] [KEYS="Tab Tab"] bun scripts/screenshots.ts [name=path ...]   (needs the built web app and Debian's chromium)
// KEYS: keys pressed before each shot (to show focus: the skip link, a focused control).
// SCROLL_TO: a CSS selector scrolled into view before each shot (a part below the fold on phones: the chat's input).
// SETUP=scripts/screenshot-setups/NAME.ts: its setup(server) runs first, to put the site in the state to show.
import { join } from "node:path";
import { launchChromium } from "../tests/fixtures/chromium.ts";
import { SCREENSHOTS_DIR, shoot } from "./lib/shoot.ts";
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

// DEMO=1 shoots the demo community (tournaments, events, two synthetic lives) instead of an empty site.
const server = await (process.env.DEMO ? startTestServer({ ...ADMIN_ENV, DEMO: "1" }, { ingest: true }) : startTestServer(ADMIN_ENV));
const browser = await launchChromium();
if (process.env.SETUP) await ((await import(join(process.cwd(), process.env.SETUP))) as { setup: (s: typeof server) => Promise<void> }).setup(server);
try {
  const firstVisitor = process.env.DEMO ? await login(demoMembers[0]!.username) : await signedInUser(server, { username: "ZeldaPro" });
  for (const shot of shots) {
    const as = shot.loggedIn ? (shot.member ? await login(shot.member) : firstVisitor) : null;
    const keys = (process.env.KEYS ?? "").split(" ").filter(Boolean);
    await shoot(browser, server.url, {
      name: shot.name,
      path: shot.path,
      as,
      before: async (page) => {
        if (process.env.SCROLL_TO) await page.locator(process.env.SCROLL_TO).first().scrollIntoViewIfNeeded();
        for (const key of keys) await page.keyboard.press(key);
      },
    });
  }
  console.log(`${shots.length * 4} screenshots in ${SCREENSHOTS_DIR}`);
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
