import { describe, expect, it } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { contextFor, newMemberContext, pageFor, type SignedIn, useServerAndBrowser } from "../fixtures/e2e.ts";
import { publishTestStream } from "../fixtures/publisher.ts";

// Stream health (issue 37, item 1) through the screens: a streamer pushing OBS's "auto" keyframe interval (8 s here)
// reads the figures and the keyframe warning with its fix on their own stream page and their dashboard; a streamer with
// a 1 s interval reads that all is well. SCREENSHOTS=1 also writes both panels at phone and desktop width, dark and
// light, to docs/screenshots/.

const handles = useServerAndBrowser({}, { ingest: true });

async function goLive(member: SignedIn & { account: { username: string } }, keyframeSeconds: number) {
  const start = await member.browser.post("/api/stream/startstreaming", { title: "Finale LAN", gameId: 1, tags: [], description: "" });
  expect(start.status).toBe(200);
  const { streamKey } = start.body as { streamKey: string };
  const live = handles.server.deps.bus.next("stream:started", (e) => e.username === member.account.username);
  // Two 8 s intervals measured before it ends.
  const publisher = publishTestStream(`rtmp://127.0.0.1:${handles.server.rtmpPort}/live/${streamKey}`, { seconds: 20, keyframeSeconds });
  await live;
  return publisher;
}

describe("stream health", () => {
  it("shows the streamer what their publish sends, and the keyframe warning with its fix in OBS", async () => {
    const slow = await newMemberContext(handles);
    const steady = await newMemberContext(handles);
    const publishers = await Promise.all([goLive(slow, 8), goLive(steady, 1)]);

    const page = await slow.context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${handles.server.url}/stream/${slow.account.username}`);
    const panel = page.getByRole("region", { name: "Santé du flux" });
    await panel.getByText("H.264").waitFor();
    await panel.getByText("640×360").waitFor();
    await panel.getByText("10 im/s").waitFor();
    await panel.getByText("RTMP").waitFor();
    await panel.getByText("Intervalle d'images clés : 8 s").waitFor();
    await panel.getByText("Les spectateurs HLS ont ~24 s de retard. OBS → Paramètres → Sortie → mode Avancé → Intervalle d'images clés : 1 s").waitFor();
    expect(await panel.locator("svg[role=img]").getAttribute("aria-label")).toMatch(/^Débit des dernières minutes, de .+\sà .+\skb\/s \(maximum du site : 6\s000\skb\/s\)$/u);

    // Nobody else sees it: a viewer of the same page gets no panel.
    const viewer = await pageFor(handles, steady);
    await viewer.goto(`${handles.server.url}/stream/${slow.account.username}`);
    await viewer.getByRole("heading", { name: "Finale LAN" }).first().waitFor();
    expect(await viewer.locator(".health-panel").count()).toBe(0);

    const dashboard = await steady.context.newPage();
    dashboard.setDefaultTimeout(30_000);
    await dashboard.goto(`${handles.server.url}/dashboard`);
    const steadyPanel = dashboard.getByRole("region", { name: "Santé du flux" });
    await steadyPanel.getByText("1 s", { exact: true }).waitFor();
    await steadyPanel.getByText("Tout va bien : rien à corriger dans votre encodeur.").waitFor();

    await Promise.all(publishers.map((publisher) => publisher.exited));
    if (process.env.SCREENSHOTS) {
      await screenshots(slow, "stream-health-warning", "Intervalle d'images clés : 8 s");
      await screenshots(steady, "stream-health", "Tout va bien : rien à corriger dans votre encodeur.");
    }
  });
});

/** The member's health panel on their dashboard at phone and desktop width, dark and light: docs/screenshots/<name>-<width>-<theme>.png. */
async function screenshots(member: SignedIn, name: string, text: string) {
  const out = join(import.meta.dir, "../../docs/screenshots");
  for (const [label, viewport] of [
    ["375", { width: 375, height: 812 }],
    ["1440", { width: 1440, height: 900 }],
  ] as const) {
    for (const theme of ["dark", "light"] as const) {
      const page: Page = await (await contextFor(handles, member, { viewport, theme })).newPage();
      await page.goto(`${handles.server.url}/dashboard`);
      const panel = page.getByRole("region", { name: "Santé du flux" });
      await panel.getByText(text).waitFor({ timeout: 15_000 });
      // Centred, clear of the sticky top bar.
      await panel.evaluate((section) => section.scrollIntoView({ block: "center" }));
      await panel.screenshot({ path: join(out, `${name}-${label}-${theme}.png`) });
      await page.context().close();
    }
  }
}
