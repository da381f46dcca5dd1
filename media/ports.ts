import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * Choosing a port and binding it later is a race: in between, any outgoing connection on the machine
 * (ffmpeg, chromium, a test's client) may get that number from the kernel as its local port. The
 * kernel only hands out ports of its ephemeral range that way, so a port chosen outside that range
 * can only be taken by a program that asks for it by number, and a failed bind is retried elsewhere.
 */

/** The kernel's range for outgoing connections' local ports; IANA's range where /proc does not say. */
export function ephemeralPortRange(): [number, number] {
  try {
    const [low, high] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
    if (low && high && low <= high) return [low, high];
  } catch {
    // Not Linux: fall through to the range most other systems use.
  }
  return [49152, 65535];
}

/** Where non-ephemeral choices come from: the larger span beside the ephemeral range, away from well-known ports. */
function safeSpan(): [number, number] {
  const [low, high] = ephemeralPortRange();
  const below: [number, number] = [10_000, low - 1];
  const above: [number, number] = [high + 1, 65_535];
  return below[1] - below[0] >= above[1] - above[0] ? below : above;
}

/** A port outside the ephemeral range, picked at random so that programs choosing at once rarely meet. */
export function portOutsideEphemeralRange(): number {
  const [from, to] = safeSpan();
  return from + Math.floor(Math.random() * (to - from + 1));
}

export function isAddressInUse(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === "EADDRINUSE" || /address already in use|EADDRINUSE|is in use/i.test(message ?? "");
}

const ATTEMPTS = 20;

/**
 * Binds with `bind(port)`, trying `preferred` first (when given) and then ports outside the ephemeral
 * range, until one is free. Other errors are thrown as they are.
 */
export async function bindOnSafePort(bind: (port: number) => Promise<void>, preferred?: number): Promise<number> {
  const candidates = preferred ? [preferred] : [];
  while (candidates.length < ATTEMPTS) candidates.push(portOutsideEphemeralRange());
  let lastError: unknown;
  for (const port of candidates) {
    try {
      await bind(port);
      return port;
    } catch (error) {
      if (!isAddressInUse(error)) throw error;
      lastError = error;
    }
  }
  throw new Error(`no free port after ${ATTEMPTS} tries: ${(lastError as Error).message}`);
}

/** A port outside the ephemeral range that nothing listens on now (checked on every address), for a program that binds it itself (ffmpeg, RTMP ingest in a test). */
export function freePortOutsideEphemeralRange(): Promise<number> {
  return bindOnSafePort(async (port) => {
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once("error", reject);
      probe.listen(port, "0.0.0.0", () => resolve());
    });
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
}
