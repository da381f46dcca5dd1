/**
 * The suite's tiers, by what a test file needs besides Bun (./scripts/test reads this; the README says
 * which to run when):
 * - quick: nothing else. Lint, type check and these are the loop after each change (`./scripts/test --quick`);
 * - media: ffmpeg (a live pushed, a clip cut, a picture made or re-encoded, a replay written);
 * - browser: Debian's chromium, its headless shell (every journey in tests/e2e, and the files below that open a page).
 * Every tier runs on SQLite; the files that open a database run again on PostgreSQL (scripts/lib/test-files.ts).
 * A file that starts ffmpeg in the quick tier is refused there with the line to add (tests/preload.ts). Files that
 * run on PostgreSQL only (the cluster ones) are sorted the same way: check them with `./scripts/test --postgres`.
 */
export type Tier = "quick" | "media" | "browser";

export const TIERS: readonly Tier[] = ["quick", "media", "browser"];

/** Test files outside tests/e2e that open a page in chromium. */
const BROWSER_FILES = new Set<string>([]);

/** Test files that run ffmpeg, themselves or through the server they start. */
const MEDIA_FILES = new Set<string>([
  "media/children.test.ts",
  "media/srt-ingest.test.ts",
  "server/health/health.test.ts",
  "server/srt/srt-live.test.ts",
  "server/whep/whep.test.ts",
  "server/restricted/live-access.test.ts",
  "server/embeds/embeds-live.test.ts",
  "server/site/site.test.ts",
  "server/auth/uploads.test.ts",
  "server/backup/backup.test.ts",
  "server/clips/live-clip.test.ts",
  "server/clips/service.test.ts",
  "server/demo/demo.test.ts",
  "server/events/events.test.ts",
  "server/follows/follows.test.ts",
  "server/http/image-size.test.ts",
  "server/live/cluster.test.ts",
  "server/live/ladder.test.ts",
  "server/live/live.test.ts",
  "server/live/match-reconnect.test.ts",
  "server/ops/ops.test.ts",
  "server/privacy/privacy.test.ts",
  "server/replays/recording-parts.test.ts",
  "server/restream/restream.test.ts",
  "server/storage/disk-full.test.ts",
  "server/tournaments/match-replays.test.ts",
  "server/tournaments/routes.test.ts",
  "server/webhooks/live-events.test.ts",
  "server/federation/instances-live.test.ts",
  "server/federation/posts/live-posts.test.ts",
  "server/users/streamer-role.test.ts",
  "tests/authorization.test.ts",
  "tests/cluster.test.ts",
  "tests/fuzz.test.ts",
]);

export function tierOf(file: string): Tier {
  if (file.startsWith("tests/e2e/") || BROWSER_FILES.has(file)) return "browser";
  if (MEDIA_FILES.has(file)) return "media";
  return "quick";
}

export function mediaTierRefusal(file: string, tool: string): string {
  return `${file} starts ${tool}, which the quick tier leaves out: add "${file}" to MEDIA_FILES in tests/tiers.ts.`;
}

export function browserTierRefusal(file: string): string {
  return `${file} opens chromium, which the quick tier leaves out: add "${file}" to BROWSER_FILES in tests/tiers.ts.`;
}
