import { api } from "../../../lib/api.ts";

/**
 * A first login initialises the user's channel (spec 01 §4) and hands back the server's message. The
 * call is best effort: whatever goes wrong (the route may not exist yet) must not spoil the login.
 */
export async function initChannel(): Promise<string | undefined> {
  try {
    const answer = await api<{ message?: unknown } | undefined>("/stream/mychannel/init", { method: "POST", logoutOn401: false, signal: AbortSignal.timeout(5000) });
    return typeof answer?.message === "string" ? answer.message : undefined;
  } catch {
    return undefined;
  }
}
