import type { ChannelCreated } from "../../../../server/channels/schemas.ts";
import { api } from "../../../lib/api.ts";

/**
 * A first login initialises the user's channel (spec 01 §4) and hands back the server's message. The
 * call is best effort: whatever goes wrong (the route may not exist yet) must not spoil the login.
 */
export async function initChannel(): Promise<string | undefined> {
  try {
    // `undefined` when the answer was not JSON (a server without the route).
    const answer = await api<ChannelCreated | undefined>("/stream/mychannel/init", { method: "POST", logoutOn401: false, signal: AbortSignal.timeout(5000) });
    return answer?.message;
  } catch {
    return undefined;
  }
}
