import { BlockList, isIP } from "node:net";

/**
 * Which hops in front of Arena may name the client (TRUST_PROXY):
 * - none: the TCP peer is the client; X-Forwarded-For is ignored (the default);
 * - peer (`TRUST_PROXY=1`): the peer is one proxy, whatever its address, and the client is the address it saw;
 * - proxies (`TRUST_PROXY=10.0.0.0/8,127.0.0.1`): these addresses are proxies, however many stand in a row.
 */
export type ProxyTrust = { kind: "none" } | { kind: "peer" } | { kind: "proxies"; list: BlockList };

/** TRUST_PROXY's value; a string that is neither a switch nor a list of addresses is an error naming the bad entry. */
export function parseProxyTrust(value: string | undefined): ProxyTrust | { error: string } {
  const text = value?.trim().toLowerCase() ?? "";
  if (["", "0", "false", "off", "no"].includes(text)) return { kind: "none" };
  if (["1", "true", "on", "yes"].includes(text)) return { kind: "peer" };
  const list = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim())) {
    const [address = "", bits] = entry.split("/");
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 4 ? 32 : 128) : Number(bits);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
      return { error: `"${entry}" is not an address or a range (e.g. 10.0.0.0/8): TRUST_PROXY is 1, or the proxies' addresses separated by commas` };
    }
    list.addSubnet(address, prefix, family === 4 ? "ipv4" : "ipv6");
  }
  return { kind: "proxies", list };
}

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
