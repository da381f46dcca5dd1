import type { AppDeps } from "../http/context.ts";
import { hitRateLimit } from "../http/rate-limit.ts";

/** Counts one translation call of an address; past the minute's allowance it is refused with a 429. */
export async function countTranslateCall(deps: AppDeps, clientIp: string): Promise<void> {
  await hitRateLimit(deps.db, `translate:ip:${clientIp}`, { max: deps.config.translateRatePerMinute, windowMs: 60_000 }, deps.now());
}
