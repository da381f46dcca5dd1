// The fediverse's admin settings shared by the console and the server (issue 38, item 6).

/** An instance as an admin writes it: a host name (example.social) or an address, with a port only where it has one. */
export const INSTANCE_HOST_PATTERN = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

export const MAX_BLOCKED_INSTANCES = 500;

/**
 * Whether `host` (a remote actor's or inbox's URL host, lowercase) is one of the blocked instances: the same host,
 * the same name whatever the port, or a subdomain of a blocked name (blocking example.social blocks
 * media.example.social, as Mastodon's domain blocks do).
 */
export function isBlockedInstance(host: string, blocked: readonly string[]): boolean {
  const name = host.replace(/:\d+$/, "");
  return blocked.some((entry) => entry === host || entry === name || name.endsWith(`.${entry}`));
}
