import { createSocket, type Socket } from "node:dgram";

/** A loopback UDP socket bound to a port (0: any free one). */
function bindUdp(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createSocket("udp4");
    socket.once("error", (error) => {
      socket.close();
      reject(error);
    });
    socket.bind(port, "127.0.0.1", () => resolve(socket));
  });
}

/**
 * Two loopback sockets on an even port and the next one: RTP and its RTCP, as ffmpeg's RTP input listens and its
 * RTP output sends. `avoid`: a port the pair must not take (another pair's).
 */
export async function bindUdpPair(avoid?: number): Promise<[Socket, Socket]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await bindUdp(0);
    const port = first.address().port;
    const clashes = avoid !== undefined && (port === avoid || port === avoid + 1 || port + 1 === avoid);
    const second = port % 2 === 0 && !clashes ? await bindUdp(port + 1).catch(() => undefined) : undefined;
    if (second) return [first, second];
    first.close();
  }
  throw new Error("no free pair of UDP ports on loopback");
}
