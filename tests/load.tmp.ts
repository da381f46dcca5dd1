import { startTestServer } from "./fixtures/server.ts";
import { launchChromium } from "./fixtures/chromium.ts";
import { visitorContext } from "./fixtures/e2e.ts";
import { readFileSync, readdirSync } from "node:fs";
function ticks(): number {
  let t = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "latin1");
      if (!cmd.includes("chromium")) continue;
      const s = readFileSync(`/proc/${pid}/stat`, "latin1");
      const p = s.slice(s.lastIndexOf(")") + 2).split(" ");
      t += Number(p[11]) + Number(p[12]);
    } catch {}
  }
  return t / 100;
}
const server = await startTestServer({ DEMO: "0" });
const browser = await launchChromium();
const context = await visitorContext(browser, { width: 1440, height: 900 });
const page = await context.newPage();
for (const [label, path, wait] of [
  ["warm", "/legal/cgu", "main"],
  ["data x10", "data:text/html,<p>hi</p>", ""],
  ["json x10", "/api/site", ""],
  ["spa x10", "/legal/cgu", "main"],
  ["spa x10", "/events", "main"],
] as const) {
  const n = label === "warm" ? 2 : 10;
  const a = ticks();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    await page.goto(path.startsWith("data:") ? path : server.url + path);
    if (wait) await page.locator(wait).first().waitFor();
  }
  console.log(label, path, ((performance.now() - t0) / n).toFixed(0), "ms/load", ((ticks() - a) / n).toFixed(2), "s CPU/load");
}
await browser.close();
await server.stop();
process.exit(0);
