import { isIP } from "node:net";
import type { ProxyTrust } from "../config.ts";

/**
 * The client's address, as the nearest proxy Arena trusts saw it. X-Forwarded-For is read from the right: each
 * proxy appends the address it got the request from (Caddy, Traefik, nginx's `$proxy_add_x_forwarded_for`), so
 * the entries on the left are whatever the client wrote. Trusting the leftmost let a client pick its address and
 * walk past every per-address limit. An entry that is not an address stops the walk at the hop that wrote it.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trust: ProxyTrust): string {
  if (!peer) return "local";
  if (trust.kind === "none" || !isTrusted(peer, trust, true)) return peer;
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  let client = peer;
  while (hops.length > 0) {
    const hop = hops.pop()!;
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!isTrusted(hop, trust, false)) return client;
  }
  return client;
}

function isTrusted(address: string, trust: ProxyTrust, isPeer: boolean): boolean {
  if (trust.kind === "none") return false;
  if (trust.kind === "peer") return isPeer;
  return trust.list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}
