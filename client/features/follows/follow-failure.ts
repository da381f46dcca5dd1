import { ApiError } from "../../lib/api.ts";

/**
 * Spec 01 §8: what a failed follow or unfollow says (a 401 has already logged the user out).
 * A 400 gives the server's reason (e.g. "You cannot follow yourself."): the spec's "following is not
 * implemented" dates from before following existed and would now be untrue.
 */
export function followFailureText(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof ApiError)) return t("follow_blocked");
  if (error.status === 0) return t("follow_outage");
  if (error.status >= 500) return t("follow_server_error");
  if (error.status === 400 || error.status === 403 || error.status === 404) return error.message;
  return t("follow_blocked");
}
