import { describe, expect, it } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig, parseProxyTrust } from "./config.ts";

function withDataDir(run: (dataDir: string) => void): void {
  const dataDir = mkdtempSync(join(tmpdir(), "arena-config-"));
  try {
    run(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("loadConfig", () => {
  it("gives the documented defaults", () => {
    withDataDir((dataDir) => {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(config.port).toBe(3000);
      expect(config.rtmpPort).toBe(1935);
      expect(config.publicUrl).toBe("http://localhost:3000");
      expect(config.captcha.enabled).toBe(false);
      expect(config.demo).toBe(false);
      expect(config.oauth.google).toBeUndefined();
      expect(config.secret).toHaveLength(64);
      expect(config.liveLadder).toEqual([]);
    });
  });

  it("reads the quality ladder's heights, highest first, and refuses odd ones", () => {
    withDataDir((dataDir) => {
      expect(loadConfig({ DATA_DIR: dataDir, LIVE_LADDER: "360p, 720p,480p,360p" }).liveLadder).toEqual([720, 480, 360]);
      expect(loadConfig({ DATA_DIR: dataDir, LIVE_LADDER: "Off" }).liveLadder).toEqual([]);
      expect(() => loadConfig({ DATA_DIR: dataDir, LIVE_LADDER: "720,hd" })).toThrow('LIVE_LADDER must be "off" or even heights from 144p to 2160p');
      expect(() => loadConfig({ DATA_DIR: dataDir, LIVE_LADDER: "361p" })).toThrow(ConfigError);
    });
  });

  it("reads SRT's UDP port range (off by default)", () => {
    withDataDir((dataDir) => {
      expect(loadConfig({ DATA_DIR: dataDir }).srtPorts).toBeUndefined();
      expect(loadConfig({ DATA_DIR: dataDir, SRT_PORTS: "9000-9049" }).srtPorts).toEqual([9000, 9049]);
      expect(loadConfig({ DATA_DIR: dataDir, SRT_PORTS: "9000-9000" }).srtPorts).toEqual([9000, 9000]);
      expect(() => loadConfig({ DATA_DIR: dataDir, SRT_PORTS: "9000" })).toThrow('SRT_PORTS must be "off" or a range of UDP ports such as "9000-9049"');
      expect(() => loadConfig({ DATA_DIR: dataDir, SRT_PORTS: "80-90" })).toThrow(ConfigError);
    });
  });

  it("reads the one UDP port WebRTC shares (40000 by default, off on request) and the addresses it announces", () => {
    withDataDir((dataDir) => {
      expect(loadConfig({ DATA_DIR: dataDir }).webrtcUdpPort).toBe(40000);
      expect(loadConfig({ DATA_DIR: dataDir, WEBRTC_UDP_PORT: "50000" }).webrtcUdpPort).toBe(50000);
      expect(loadConfig({ DATA_DIR: dataDir, WEBRTC_UDP_PORT: "0" }).webrtcUdpPort).toBe(0);
      expect(loadConfig({ DATA_DIR: dataDir, WEBRTC_UDP_PORT: "off" }).webrtcUdpPort).toBeUndefined();
      for (const wrong of ["80", "40000-40099", "70000", "port"]) {
        expect(() => loadConfig({ DATA_DIR: dataDir, WEBRTC_UDP_PORT: wrong })).toThrow('WEBRTC_UDP_PORT must be "off" or a UDP port such as 40000');
      }
      expect(loadConfig({ DATA_DIR: dataDir, WEBRTC_ADDRESSES: " 192.168.1.20 ,10.0.0.5" }).webrtcAddresses).toEqual(["192.168.1.20", "10.0.0.5"]);
    });
  });

  it("still reads the former WHIP_UDP_PORTS range (its first port) and WHIP_ADDRESSES, below the new names", () => {
    withDataDir((dataDir) => {
      expect(loadConfig({ DATA_DIR: dataDir, WHIP_UDP_PORTS: "50000-50010" }).webrtcUdpPort).toBe(50000);
      expect(loadConfig({ DATA_DIR: dataDir, WHIP_UDP_PORTS: "off" }).webrtcUdpPort).toBeUndefined();
      expect(loadConfig({ DATA_DIR: dataDir, WHIP_UDP_PORTS: "50000-50010", WEBRTC_UDP_PORT: "41000" }).webrtcUdpPort).toBe(41000);
      expect(() => loadConfig({ DATA_DIR: dataDir, WHIP_UDP_PORTS: "40000" })).toThrow('WHIP_UDP_PORTS must be "off" or a range of UDP ports');
      expect(() => loadConfig({ DATA_DIR: dataDir, WHIP_UDP_PORTS: "40010-40000" })).toThrow(ConfigError);
      expect(loadConfig({ DATA_DIR: dataDir, WHIP_ADDRESSES: "10.0.0.5" }).webrtcAddresses).toEqual(["10.0.0.5"]);
      expect(loadConfig({ DATA_DIR: dataDir, WHIP_ADDRESSES: "10.0.0.5", WEBRTC_ADDRESSES: "10.0.0.6" }).webrtcAddresses).toEqual(["10.0.0.6"]);
    });
  });

  it("keeps the generated secret across restarts", () => {
    withDataDir((dataDir) => {
      const first = loadConfig({ DATA_DIR: dataDir }).secret;
      expect(loadConfig({ DATA_DIR: dataDir }).secret).toBe(first);
      expect(readFileSync(join(dataDir, "secret"), "utf8")).toBe(first);
    });
  });

  it("reads flags the way people write them", () => {
    withDataDir((dataDir) => {
      expect(loadConfig({ DATA_DIR: dataDir, CAPTCHA: "on", DEMO: "1" }).captcha.enabled).toBe(true);
      expect(loadConfig({ DATA_DIR: dataDir, DEMO: "false" }).demo).toBe(false);
    });
  });

  it("lists every invalid variable in one readable error", () => {
    withDataDir((dataDir) => {
      let error: unknown;
      try {
        loadConfig({ DATA_DIR: dataDir, PORT: "eighty", SMTP_URL: "http://mail", OAUTH_GOOGLE_CLIENT_ID: "id-only", ADMIN_USERNAME: "boss" });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toStartWith("Invalid configuration:");
      expect(message).toContain("PORT:");
      expect(message).toContain("SMTP_URL must start with smtp:// or smtps://");
      expect(message).toContain("OAUTH_GOOGLE_CLIENT_ID and OAUTH_GOOGLE_CLIENT_SECRET must be set together");
      expect(message).toContain("ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
    });
  });

  it("refuses a TRUST_PROXY (issue 34, item 18) that is neither a switch nor addresses, naming the bad entry", () => {
    expect(parseProxyTrust("10.0.0.0/33")).toEqual({ error: expect.stringContaining('"10.0.0.0/33" is not an address or a range') });
    withDataDir((dataDir) => {
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "127.0.0.1,proxy.lan" })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "127.0.0.1,proxy.lan" })).toThrow('"proxy.lan" is not an address or a range');
      expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "on" }).trustProxy).toEqual({ kind: "peer" });
    });
  });
});
