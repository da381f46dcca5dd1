import { createHmac, timingSafeEqual } from "node:crypto";
import { createSocket, type Socket } from "node:dgram";
import { isIP } from "node:net";

/** A remote UDP address as werift passes it: [host, port]. */
type UdpAddress = readonly [string, number];

/** An ICE agent's own ufrag and password, as its answer announced them. */
interface IceCredentials {
  ufrag: string;
  password: string;
}

/**
 * One UDP socket that every WebRTC session of the node shares ("ICE UDP mux", as Pion, mediasoup's WebRtcServer and
 * LiveKit do): a LAN box or a container opens one port. A STUN Binding request names its session by the USERNAME
 * "localUfrag:remoteUfrag" and signs it with that session's password; the address it came from then belongs to that
 * session, so its DTLS, SRTP and later STUN follow.
 */
export class UdpMux {
  private readonly sessions = new Set<MuxSession>();
  /** "host:port" of a remote → the transport its datagrams go to. */
  private readonly byRemote = new Map<string, MuxTransport>();
  /** Transaction ID of a STUN request a transport sent → that transport: the answer goes back to whoever asked. */
  private readonly byTransaction = new Map<string, MuxTransport>();
  private closed = false;
  /** The bound port, kept: the socket forgets it once closed. */
  readonly port: number;

  private constructor(
    private readonly socket: Socket,
    log: (line: string) => void,
  ) {
    this.port = socket.address().port;
    socket.on("message", (data, from) => this.route(data, [from.address, from.port]));
    // A send to an unreachable remote surfaces here; without a listener it would end the process.
    socket.on("error", (error) => log(`[webrtc] UDP port ${this.port}: ${error.message}`));
  }

  /** Binds the shared socket on every interface (0: any free port, for tests). */
  static open(port: number, log: (line: string) => void): Promise<UdpMux> {
    return new Promise((resolve, reject) => {
      const socket = createSocket("udp4");
      socket.once("error", reject);
      socket.bind(port, "0.0.0.0", () => {
        socket.off("error", reject);
        askForRoomyBuffers(socket);
        resolve(new UdpMux(socket, log));
      });
    });
  }

  /** The transports of one ICE agent; its credentials are read at each request, since an ICE restart changes them. */
  openSession(credentials: () => IceCredentials): MuxSession {
    const session = new MuxSession(this, credentials);
    this.sessions.add(session);
    return session;
  }

  /** How many sessions and learnt remote addresses the mux routes to (the tests check that closing forgets them). */
  get routes(): { sessions: number; remotes: number } {
    return { sessions: this.sessions.size, remotes: this.byRemote.size };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.sessions.clear();
    this.byRemote.clear();
    this.byTransaction.clear();
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }

  /** @internal A transport's datagram out of the shared socket. */
  send(from: MuxTransport, data: Buffer, to: UdpAddress): Promise<void> {
    // A peer not yet closed may still send (a retransmission, a consent check) while the node stops.
    if (this.closed) return Promise.resolve();
    if (isStunRequest(data)) {
      const id = transactionIdOf(data);
      this.byTransaction.set(id, from);
      from.transactions.add(id);
    }
    // A host name (not yet resolved) may fail to resolve: only then is the callback worth its cost per packet.
    if (isIP(to[0])) {
      this.socket.send(data, to[1], to[0]);
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => this.socket.send(data, to[1], to[0], (error) => (error ? reject(error) : resolve())));
  }

  /** @internal Forgets a closed transport, and its session once it has none left; the socket stays open for the others. */
  forget(transport: MuxTransport): void {
    for (const id of transport.transactions) if (this.byTransaction.get(id) === transport) this.byTransaction.delete(id);
    for (const [remote, owner] of this.byRemote) if (owner === transport) this.byRemote.delete(remote);
    const session = transport.session;
    session.transports.splice(session.transports.indexOf(transport), 1);
    if (session.transports.length === 0) this.sessions.delete(session);
  }

  private route(data: Buffer, from: UdpAddress): void {
    const transport = this.transportFor(data, from);
    if (transport) transport.receive(data, from);
  }

  private transportFor(data: Buffer, from: UdpAddress): MuxTransport | undefined {
    const remote = `${from[0]}:${from[1]}`;
    const known = this.byRemote.get(remote);
    if (!isStun(data)) return known;
    if (isStunRequest(data)) {
      const session = this.sessionNamedIn(data, known?.session);
      // Unsigned by the session's password: whoever read or guessed a ufrag could otherwise take its media's path.
      if (!session || !isSignedWith(data, session.credentials().password)) return undefined;
      // A remote that moved to another session (its port reused by a new peer) follows its latest request.
      const transport = known?.session === session ? known : session.transports[0];
      if (transport) this.byRemote.set(remote, transport);
      return transport;
    }
    const asker = this.byTransaction.get(transactionIdOf(data));
    if (!asker) return known;
    this.byTransaction.delete(transactionIdOf(data));
    asker.transactions.delete(transactionIdOf(data));
    // An answer to our check also proves the address (a remote that never asks itself, e.g. ICE lite).
    if (!known) this.byRemote.set(remote, asker);
    return asker;
  }

  /** `known`: the session the sender already belongs to, asked first, since most requests are consent checks from it. */
  private sessionNamedIn(request: Buffer, known: MuxSession | undefined): MuxSession | undefined {
    const localUfrag = usernameOf(request)?.split(":")[0];
    if (!localUfrag) return undefined;
    if (known?.credentials().ufrag === localUfrag) return known;
    for (const session of this.sessions) if (session.credentials().ufrag === localUfrag) return session;
    return undefined;
  }
}

/**
 * One ICE agent's share of the mux. werift opens one transport per announced address; they all send through the
 * shared socket, so any of them can take a remote's requests: the first one does, unless the remote already has one.
 */
export class MuxSession {
  readonly transports: MuxTransport[] = [];

  constructor(
    private readonly mux: UdpMux,
    readonly credentials: () => IceCredentials,
  ) {}

  /** A transport of werift's UdpTransport shape, on the shared port. */
  newTransport(): MuxTransport {
    const transport = new MuxTransport(this.mux, this);
    this.transports.push(transport);
    return transport;
  }
}

/** What werift's StunProtocol uses of its UdpTransport (node_modules/werift/lib/common/src/transport.js), over the mux. */
class MuxTransport {
  readonly type = "udp";
  readonly socketType = "udp4";
  readonly addressFamily = 4;
  closed = false;
  onData: (data: Buffer, from: UdpAddress) => void = () => undefined;
  /** @internal STUN requests sent and not yet answered. */
  readonly transactions = new Set<string>();
  /** Where werift sends when it names no address, as UdpTransport does: the last remote heard. */
  private lastRemote?: UdpAddress;

  constructor(
    private readonly mux: UdpMux,
    readonly session: MuxSession,
  ) {}

  get address(): { address: string; port: number; family: string } {
    return { address: "0.0.0.0", port: this.mux.port, family: "IPv4" };
  }

  get host(): string {
    return this.address.address;
  }

  get port(): number {
    return this.mux.port;
  }

  send = (data: Buffer, to?: UdpAddress): Promise<void> => {
    const remote = to ?? this.lastRemote;
    if (this.closed || !remote) return Promise.resolve();
    return this.mux.send(this, data, remote);
  };

  close = (): Promise<void> => {
    if (!this.closed) {
      this.closed = true;
      this.mux.forget(this);
    }
    return Promise.resolve();
  };

  /** @internal */
  receive(data: Buffer, from: UdpAddress): void {
    if (this.closed) return;
    this.lastRemote = from;
    this.onData(data, from);
  }
}

/** One socket now takes the bursts (keyframes) of every session, where each had its own: ask for room (the system may cap it). */
const SOCKET_BUFFER_BYTES = 4 * 1024 * 1024;

function askForRoomyBuffers(socket: Socket): void {
  try {
    socket.setRecvBufferSize(SOCKET_BUFFER_BYTES);
    socket.setSendBufferSize(SOCKET_BUFFER_BYTES);
  } catch {
    // The system's defaults then: enough for a few sessions.
  }
}

const STUN_MAGIC_COOKIE = 0x2112a442;
const STUN_HEADER_BYTES = 20;
const STUN_USERNAME = 0x0006;
const STUN_MESSAGE_INTEGRITY = 0x0008;
const HMAC_SHA1_BYTES = 20;

/** RFC 7983's demultiplexing: STUN starts with 0–3 and carries the magic cookie (DTLS starts with 20–63, RTP 128–191). */
function isStun(data: Buffer): boolean {
  return data.length >= STUN_HEADER_BYTES && data[0]! < 4 && data.readUInt32BE(4) === STUN_MAGIC_COOKIE;
}

/** A request's class bits (RFC 5389 §6: C1 at 0x0100, C0 at 0x0010) are both 0. */
function isStunRequest(data: Buffer): boolean {
  return isStun(data) && (data.readUInt16BE(0) & 0x0110) === 0;
}

function transactionIdOf(data: Buffer): string {
  return data.toString("hex", 8, STUN_HEADER_BYTES);
}

/** The USERNAME attribute of a STUN message ("receiverUfrag:senderUfrag" in ICE), if any. */
function usernameOf(data: Buffer): string | undefined {
  const attribute = findAttribute(data, STUN_USERNAME);
  return attribute && data.toString("utf8", attribute.valueAt, attribute.valueAt + attribute.length);
}

/** RFC 5389 §15.4: HMAC-SHA1 with the password, over the message up to MESSAGE-INTEGRITY, its length ending there. */
function isSignedWith(data: Buffer, password: string): boolean {
  const attribute = findAttribute(data, STUN_MESSAGE_INTEGRITY);
  if (!attribute || attribute.length !== HMAC_SHA1_BYTES) return false;
  const signed = Buffer.from(data.subarray(0, attribute.at));
  signed.writeUInt16BE(attribute.valueAt + HMAC_SHA1_BYTES - STUN_HEADER_BYTES, 2);
  const expected = createHmac("sha1", password).update(signed).digest();
  return timingSafeEqual(expected, data.subarray(attribute.valueAt, attribute.valueAt + HMAC_SHA1_BYTES));
}

/** Where an attribute of a STUN message starts (`at`), where its value does, and its length; undefined if absent or cut short. */
function findAttribute(data: Buffer, wanted: number): { at: number; valueAt: number; length: number } | undefined {
  const end = Math.min(data.length, STUN_HEADER_BYTES + data.readUInt16BE(2));
  for (let at = STUN_HEADER_BYTES; at + 4 <= end; ) {
    const type = data.readUInt16BE(at);
    const length = data.readUInt16BE(at + 2);
    if (type === wanted) return at + 4 + length <= end ? { at, valueAt: at + 4, length } : undefined;
    // Attributes are padded to 4 bytes.
    at += 4 + Math.ceil(length / 4) * 4;
  }
  return undefined;
}
