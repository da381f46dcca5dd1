import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { AppError } from "../http/errors.ts";
import { userOfCookieHeader } from "../auth/session-middleware.ts";
import { assertMayWatch, currentChannelNamed, type NamedChannel } from "../restricted/live-access.ts";

/**
 * Refuses a viewer a restricted live's picture (server/restricted/live-access.ts), on every request: a
 * hidden address is no limit. True when the live is restricted. The session is read only then, so an
 * open live's files cost no session lookup, and the rule itself is reused for up to a second (currentChannelNamed).
 */
export async function assertMayWatchLive(deps: AppDeps, c: Context<AppEnv>, username: string): Promise<boolean> {
  const channel = await currentChannelNamed(deps.db, username);
  return channel ? assertMayWatchChannel(deps, c, channel) : false;
}

export async function assertMayWatchChannel(deps: AppDeps, c: Context<AppEnv>, { rule }: NamedChannel): Promise<boolean> {
  if (rule.mode === "everyone") return false;
  const viewer = (await userOfCookieHeader(deps, c.req.header("cookie"))) ?? undefined;
  await assertMayWatch(deps.db, rule, viewer);
  return true;
}

export async function mayStillWatchLive(deps: AppDeps, c: Context<AppEnv>, username: string): Promise<boolean> {
  try {
    await assertMayWatchLive(deps, c, username);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 403) return false;
    throw error;
  }
}
