import { describe, expect, it } from "bun:test";
import { parseProxyTrust, type ProxyTrust } from "../config.ts";
import { clientAddress } from "./client-address.ts";

const trust = (value: string): ProxyTrust => {
  const parsed = parseProxyTrust(value);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed;
};

describe("the client's address behind proxies (issue 34, item 18)", () => {
  it("ignores X-Forwarded-For unless a proxy is trusted", () => {
    expect(clientAddress("198.51.100.7", "127.0.0.1", trust("off"))).toBe("198.51.100.7");
    expect(clientAddress(undefined, "127.0.0.1", trust("off"))).toBe("local");
  });

  it("with TRUST_PROXY=1 takes the address the one proxy saw, the rightmost, never what the client wrote on the left", () => {
    const onePeer = trust("1");
    // Caddy, Traefik and nginx's $proxy_add_x_forwarded_for append: whatever the client sent stays on the left.
    expect(clientAddress("127.0.0.1", "6.6.6.6, 198.51.100.7", onePeer)).toBe("198.51.100.7");
    expect(clientAddress("127.0.0.1", "198.51.100.7", onePeer)).toBe("198.51.100.7");
    // nginx as deploy/ writes it: the header replaced by $remote_addr.
    expect(clientAddress("10.0.0.3", "2001:db8::9", onePeer)).toBe("2001:db8::9");
    // No header, or one that is not an address: the proxy itself is all that is known.
    expect(clientAddress("127.0.0.1", undefined, onePeer)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "6.6.6.6, unknown", onePeer)).toBe("127.0.0.1");
  });

  it("with a list walks from the right past every trusted proxy to the first hop that is not one", () => {
    const proxies = trust("127.0.0.1, 10.0.0.0/8, fd00::/8");
    expect(clientAddress("127.0.0.1", "6.6.6.6, 198.51.100.7, 10.0.0.2", proxies)).toBe("198.51.100.7");
    expect(clientAddress("127.0.0.1", "fd00::5", proxies)).toBe("fd00::5");
    expect(clientAddress("::ffff:10.1.2.3", "203.0.113.4", proxies)).toBe("203.0.113.4");
    // A peer that is not a listed proxy is the client, whatever it claims.
    expect(clientAddress("198.51.100.7", "10.0.0.2", proxies)).toBe("198.51.100.7");
  });
});
