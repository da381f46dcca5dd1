import { describe, expect, it } from "bun:test";
import { createServer, type Server } from "node:net";
import { bindOnSafePort, ephemeralPortRange, freePortOutsideEphemeralRange, portOutsideEphemeralRange } from "./ports.ts";

const listen = (server: Server, port: number, host = "0.0.0.0") =>
  new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });

describe("choosing a port nothing can take in between", () => {
  it("never picks from the kernel's range for outgoing connections", () => {
    const [low, high] = ephemeralPortRange();
    expect(low).toBeLessThanOrEqual(high);
    for (let i = 0; i < 2000; i++) {
      const port = portOutsideEphemeralRange();
      expect(port >= low && port <= high).toBe(false);
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThanOrEqual(65_535);
    }
  });

  it("tries another port when the preferred one is taken, and gives up on other errors", async () => {
    const holder = createServer();
    const taken = await freePortOutsideEphemeralRange();
    await listen(holder, taken);
    const server = createServer();
    try {
      const got = await bindOnSafePort((port) => listen(server, port), taken);
      expect(got).not.toBe(taken);
      expect(server.listening).toBe(true);
      await expect(bindOnSafePort(() => Promise.reject(Object.assign(new Error("permission denied"), { code: "EACCES" })))).rejects.toThrow("permission denied");
    } finally {
      server.close();
      holder.close();
    }
  });
});
