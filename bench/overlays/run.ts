// bench/overlays: the delay from a score the organiser records to the score bug an OBS overlay shows (issue 36,
// item 4). One node in its own process; a tournament whose station a channel streams; that channel's score bug open in
// chromium at 1920×1080, as OBS opens it. SCORES times: the organiser's PUT of a new score, then the moment the page's
// score changes (a MutationObserver in the page notes Date.now(); the same machine's clock on both sides). Traffic goes
// to 127.0.0.1 only; the server is stopped by its pid, chromium closed, at the end.
// Run: node_modules/.bin/bun bench/overlays/run.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchChromium } from "../../tests/fixtures/chromium.ts";
import { startMainProcess } from "../../tests/fixtures/process.ts";
import { Browser, signedInUser } from "../../tests/fixtures/server.ts";
import { startedTournament } from "../../tests/fixtures/tournaments.ts";
import { machineLine, writeSection } from "../report.ts";

const SCORES = 200;

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const dataDir = mkdtempSync(join(tmpdir(), "arena-bench-overlays-"));
const server = await startMainProcess({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RTMP_PORT: "0", LOG_LEVEL: "error" });
const chromium = await launchChromium();
try {
  const organiser = await signedInUser(server);
  const caster = await signedInUser(server);
  const { id } = await startedTournament(server as never, organiser, 4);
  const station = (await organiser.browser.post(`/api/tournament/${id}/stations`, { name: "Table 1", channel: caster.account.username })).body.station;
  await caster.browser.post(`/api/tournament/${id}/stations/${station.id}/answer`, { accept: true });
  const rounds = (await new Browser(server.url).get(`/api/tournament/rounds/${id}`)).body.data as { seeds: { id: string }[] }[];
  const matchID = rounds[0]!.seeds[0]!.id;
  await organiser.browser.put(`/api/tournament/${id}/stations/${station.id}/match`, { matchID });
  await organiser.browser.post(`/api/tournament/start-match/${matchID}`);
  const secret = (await caster.browser.get("/api/me/overlay")).body.secret as string;

  const page = await (await chromium.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await page.goto(`${server.url}/overlay/${secret}/score`);
  await page.locator(`[data-match-id="${matchID}"]`).waitFor();
  // Each change of the first player's score, with the page's time of it.
  await page.evaluate(() => {
    const seen: { score: string; at: number }[] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    const observer = new MutationObserver(() => {
      const score = document.querySelector(".score-bug-left [data-score]")?.textContent ?? "";
      if (seen.at(-1)?.score !== score) seen.push({ score, at: Date.now() });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const delays: number[] = [];
  for (let score = 1; score <= SCORES; score++) {
    const sent = Date.now();
    const put = await organiser.browser.put(`/api/tournament/${id}/matches/${matchID}/score`, { scorePlayer1: score, scorePlayer2: 0 });
    if (put.status !== 200) throw new Error(`score refused: ${put.status} ${JSON.stringify(put.body)}`);
    await page.waitForFunction((expected) => (window as unknown as { seen: { score: string }[] }).seen.some((change) => change.score === expected), String(score));
    const shown = await page.evaluate((expected) => (window as unknown as { seen: { score: string; at: number }[] }).seen.find((change) => change.score === expected)!.at, String(score));
    delays.push(shown - sent);
  }
  delays.sort((a, b) => a - b);
  const rows = [
    `- ${machineLine()}; one node on SQLite in its own process; the score bug in Debian's chromium (headless shell) at 1920×1080; ${SCORES} scores recorded one after the other.`,
    `- From the organiser's call to the new score on the overlay: **p50 ${percentile(delays, 0.5)} ms, p99 ${percentile(delays, 0.99)} ms** (max ${delays.at(-1)} ms): the call's transaction, "stations:changed" to the overlay's socket, and its one read of the score bug.`,
  ];
  console.log(rows.join("\n"));
  writeSection("Overlays: from a score to the score bug", `Method: \`node_modules/.bin/bun bench/overlays/run.ts\`.\n\n${rows.join("\n")}`);
} finally {
  await chromium.close();
  server.child.kill("SIGTERM");
  await server.child.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
