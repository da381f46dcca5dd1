import { Connection, StunProtocol } from "werift";
import type { MuxSession, UdpMux } from "./udp-mux.ts";

/**
 * werift (0.25) has no way to hand an ICE agent a socket: each StunProtocol binds its own UdpTransport in
 * `connectionMade`. Its one seam that knows both the agent and the protocol is Connection's private `ensureProtocol`,
 * called on each new protocol just before `connectionMade`: there, a protocol of a peer whose port range starts on a
 * mux's port gets a mux transport instead of a socket (docs/decisions.md, "WHIP ingest"). udp-mux.test.ts fails if a
 * werift upgrade moves either piece.
 */

/** Open muxes by port: a peer asks for one with `icePortRange: [port, port + 1]` (peer.ts). */
const muxes = new Map<number, UdpMux>();
const sessions = new WeakMap<Connection, MuxSession>();

interface Internals {
  ensureProtocol(this: Connection, protocol: unknown): void;
}

type ConnectionMade = StunProtocol["connectionMade"];

/** Peers whose port range starts on `mux.port` share this mux from now on, until `unregisterMux`. */
export function registerMux(mux: UdpMux): void {
  installSeam();
  muxes.set(mux.port, mux);
}

export function unregisterMux(mux: UdpMux): void {
  if (muxes.get(mux.port) === mux) muxes.delete(mux.port);
}

let installed = false;

function installSeam(): void {
  if (installed) return;
  const prototype = Connection.prototype as unknown as Internals;
  const ensureProtocol = prototype.ensureProtocol;
  if (typeof ensureProtocol !== "function" || typeof (StunProtocol.prototype as unknown as { datagramReceived?: unknown }).datagramReceived !== "function") {
    throw new Error("werift changed: Connection.ensureProtocol or StunProtocol.datagramReceived is gone, the UDP mux (server/webrtc/werift-seam.ts) cannot attach");
  }
  prototype.ensureProtocol = function (this: Connection, protocol: unknown) {
    ensureProtocol.call(this, protocol);
    const first = this.options.portRange?.[0];
    const mux = first === undefined ? undefined : muxes.get(first);
    if (mux && protocol instanceof StunProtocol) protocol.connectionMade = muxedConnectionMade(this, protocol, mux);
  };
  installed = true;
}

/** StunProtocol's own `connectionMade`, with a mux transport in place of a socket bound for it alone. */
function muxedConnectionMade(connection: Connection, protocol: StunProtocol, mux: UdpMux): ConnectionMade {
  return (useIpv4) => {
    if (!useIpv4) return Promise.reject(new Error("the UDP mux is IPv4 only"));
    let session = sessions.get(connection);
    if (!session || session.transports.length === 0) {
      session = mux.openSession(() => ({ ufrag: connection.localUsername, password: connection.localPassword }));
      sessions.set(connection, session);
    }
    const transport = session.newTransport();
    const receive = (protocol as unknown as { datagramReceived: (data: Buffer, from: readonly [string, number]) => void }).datagramReceived;
    transport.onData = (data, from) => receive.call(protocol, data, from);
    protocol.transport = transport as unknown as StunProtocol["transport"];
    return Promise.resolve();
  };
}
