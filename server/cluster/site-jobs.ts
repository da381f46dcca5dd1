import { dialectOf } from "../../db/index.ts";
import { landOverdueRaids } from "../raids/service.ts";
import type { Leadership } from "../../db/leader.ts";
import { SWEEP_EVERY_MS, takeOverSilentNodes } from "../live/nodes.ts";
import { forgetOldLoginFailures } from "../auth/lockout.ts";
import { deleteExpiredSessions } from "../auth/sessions.ts";
import { sweepSilentViewers } from "../channels/viewers.ts";
import type { AppDeps } from "../http/context.ts";
import { forgetStaleRateLimits } from "../http/rate-limit.ts";
import { passExpiredOffers } from "../waitlist/places/offers.ts";
import { closeDueCheckIns } from "../tournaments/checkin.ts";
import { applyRetentionWhenDue } from "../storage/retention.ts";
import { sweepFederationLeftovers } from "../federation/keys.ts";
import { postEventCalendar } from "../events/event-posts.ts";

const HOUR = 60 * 60 * 1000;

export interface SiteJob {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/** Periodic work done for the whole site, once, whatever the number of nodes. */
export function siteJobs(deps: AppDeps, log: (line: string) => void): SiteJob[] {
  // Several nodes exist only on PostgreSQL; on SQLite the one process ends its own lives itself.
  const silentNodes: SiteJob[] = dialectOf(deps.db) === "postgres" ? [{ name: "silent nodes", everyMs: SWEEP_EVERY_MS, run: async () => void (await takeOverSilentNodes(deps, log)) }] : [];
  return [
    ...silentNodes,
    { name: "viewers", everyMs: 10_000, run: () => sweepSilentViewers(deps) },
    // Waiting-list offers that ran out pass to the next in line (held 5 minutes at least).
    { name: "waiting lists", everyMs: 30_000, run: () => passExpiredOffers(deps) },
    // Tournament check-ins whose window ended: their no-shows are dropped (issue 19).
    { name: "check-in", everyMs: 15_000, run: async () => void (await closeDueCheckIns(deps)) },
    // Raids whose node stopped during their countdown (issue 36, item 5).
    { name: "raids", everyMs: 5000, run: async () => void (await landOverdueRaids(deps)) },
    { name: "sessions", everyMs: HOUR, run: () => deleteExpiredSessions(deps.db, deps.now()) },
    {
      name: "counters",
      everyMs: HOUR,
      run: async () => {
        await forgetStaleRateLimits(deps.db, deps.now());
        await forgetOldLoginFailures(deps.db, deps.now());
      },
    },
    // The fediverse's leftovers: keys of deleted things once their Deletes went out, Fedify's expired cache rows.
    { name: "fediverse", everyMs: HOUR, run: () => sweepFederationLeftovers(deps.db, deps.now()) },
    // Acts once a day (it claims the day in the database); asked hourly so a restart never skips a day.
    { name: "storage policy", everyMs: HOUR, run: async () => void (await applyRetentionWhenDue(deps, log)) },
    // The fediverse posts the clock makes due (issue 38): an event's tickets on sale, a week and a day before it. Every
    // five minutes: a reminder's window is half a day at least.
    {
      name: "fediverse posts",
      everyMs: 5 * 60 * 1000,
      run: async () => {
        if ((await postEventCalendar(deps)) > 0) deps.bus.emit("federation:queued", {});
      },
    },
  ];
}

/**
 * Every node runs the timers; only the leader (db/leader.ts) does the work, so a sweep announces a
 * count once and another node carries on when the leader goes. Returns a function that stops them
 * and waits for a run under way (it uses the database the caller is about to close).
 */
export function startSiteJobs(jobs: SiteJob[], leadership: Leadership, log: (line: string) => void): () => Promise<void> {
  const running = new Map<SiteJob, Promise<void>>();
  const timers = jobs.map((job) =>
    setInterval(() => {
      // A slow run (a busy database) is not stacked under the next one.
      if (running.has(job) || !leadership.isLeader()) return;
      const run = job
        .run()
        .catch((error: unknown) => log(`[${job.name}] ${(error as Error).message}`))
        .finally(() => running.delete(job));
      running.set(job, run);
    }, job.everyMs),
  );
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running.values());
  };
}
