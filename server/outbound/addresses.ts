import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { networkInterfaces } from "node:os";

// Where Arena may send a request of its own (a webhook today, federation next): never to itself or to the machine's
// internals, which a member could otherwise reach through us (server-side request forgery). One module, which
// every caller asks before it connects, with the address it is about to connect to.

/** Why an address is refused: the message key a member reads (client/i18n/locales/{fr,en}/errors.json). */
type OutboundRefusal = "outbound_address_internal" | "outbound_address_private" | "outbound_address_unresolved" | "outbound_url_invalid";

export class OutboundRefused extends Error {
  constructor(
    readonly code: OutboundRefusal,
    readonly address: string,
  ) {
    super(`${code}: ${address}`);
  }
}

/** What the site allows beyond the public internet. */
export interface OutboundPolicy {
  /** The admin's site setting: private LAN ranges (a bot on the LAN). */
  allowPrivateNetworks: boolean;
  /**
   * The operator's ALLOWED_PRIVATE_ADDRESSES (CIDR list, read at start): addresses allowed even though internal, such
   * as a receiver on the same machine. Only the node's own port stays refused on them.
   */
  operatorAllowed: BlockList;
  /** The node's own port: on an allowed loopback address it would call Arena itself (its API, its /metrics). */
  ownPort: number;
}

/** Never called, whatever the site setting: the machine itself, its link-local neighbours (cloud metadata), multicast. */
const INTERNAL = subnets([
  ["0.0.0.0", 8],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
  ["::", 128],
  ["::1", 128],
  ["fe80::", 10],
  ["ff00::", 8],
]);

/** A LAN's ranges, and the carrier-grade NAT one: called only when an admin allows private networks. */
const PRIVATE = subnets([
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["100.64.0.0", 10],
  ["198.18.0.0", 15],
  ["fc00::", 7],
]);

function subnets(ranges: [string, number][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, isIP(network) === 6 ? "ipv6" : "ipv4");
  return list;
}

/** ALLOWED_PRIVATE_ADDRESSES: "127.0.0.1/32, 10.0.0.0/8"; a bare address is one address. Throws on a malformed entry. */
export function parseAllowedAddresses(value: string | undefined): BlockList {
  const list = new BlockList();
  for (const entry of (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [network, prefixText] = entry.split("/");
    const family = isIP(network ?? "");
    const prefix = prefixText === undefined ? (family === 6 ? 128 : 32) : Number(prefixText);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) throw new Error(`ALLOWED_PRIVATE_ADDRESSES: "${entry}" is not an address or a CIDR range`);
    list.addSubnet(network!, prefix, family === 6 ? "ipv6" : "ipv4");
  }
  return list;
}

/** The machine's own addresses, every interface's (asked each time: a LAN address can change while Arena runs). */
function ownAddresses(): Set<string> {
  return new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((info) => info?.address.replace(/%.*$/, ""))
      .filter((address): address is string => Boolean(address)),
  );
}

const familyOf = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** Why Arena may not connect to `address`:`port`, or null when it may. */
function refusalOf(address: string, port: number, policy: OutboundPolicy): OutboundRefusal | null {
  const family = familyOf(address);
  if (policy.operatorAllowed.check(address, family)) return port === policy.ownPort && (INTERNAL.check(address, family) || ownAddresses().has(address)) ? "outbound_address_internal" : null;
  if (INTERNAL.check(address, family) || ownAddresses().has(address)) return "outbound_address_internal";
  if (PRIVATE.check(address, family)) return policy.allowPrivateNetworks ? null : "outbound_address_private";
  return null;
}

/** A URL Arena may call: http or https, no credentials in it. Throws OutboundRefused("outbound_url_invalid"). */
export function outboundUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRefused("outbound_url_invalid", text);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) throw new OutboundRefused("outbound_url_invalid", text);
  return url;
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

/**
 * The addresses `url` resolves to, every one of them allowed; the caller connects to these (never resolving again, so
 * a name cannot turn internal between the check and the connection). Throws OutboundRefused.
 */
export async function resolveAllowed(url: URL, policy: OutboundPolicy): Promise<{ address: string; family: 4 | 6 }[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw new OutboundRefused("outbound_address_unresolved", host);
  }
  if (addresses.length === 0) throw new OutboundRefused("outbound_address_unresolved", host);
  for (const { address } of addresses) {
    const refusal = refusalOf(address, portOf(url), policy);
    if (refusal) throw new OutboundRefused(refusal, address);
  }
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}
