import http from "node:http";
import https from "node:https";
import { type OutboundPolicy, outboundUrl, resolveAllowed } from "./addresses.ts";

/** What came back from a receiver: its status, the first bytes of its answer, and how long it took. */
export interface OutboundAnswer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  durationMs: number;
}

const KEPT_BODY_BYTES = 2048;

/**
 * POSTs `body` to `target` after resolveAllowed: the connection goes to the addresses checked, through a lookup
 * that answers with them (a DNS answer cannot change in between), with a time limit for the whole exchange. Throws
 * OutboundRefused before any connection, or the connection's own error.
 */
export async function postOutbound(target: string, body: string, headers: Record<string, string>, policy: OutboundPolicy, timeoutMs: number): Promise<OutboundAnswer> {
  const url = outboundUrl(target);
  const addresses = await resolveAllowed(url, policy);
  const started = performance.now();
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "Arena-Webhooks/1", "content-length": String(Buffer.byteLength(body)), ...headers },
        timeout: timeoutMs,
        lookup: ((_host: string, options: { all?: boolean }, done: (error: null, address: unknown, family?: number) => void) => {
          if (options?.all) done(null, addresses);
          else done(null, addresses[0]!.address, addresses[0]!.family);
        }) as never,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on("data", (chunk: Buffer) => {
          if (kept < KEPT_BODY_BYTES) chunks.push(chunk.subarray(0, KEPT_BODY_BYTES - kept));
          kept += chunk.length;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: response.headers, durationMs: Math.round(performance.now() - started) }),
        );
        response.on("error", reject);
      },
    );
    // The limit covers a receiver that never answers as well as one that never connects.
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    request.on("close", () => clearTimeout(deadline));
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    request.on("error", reject);
    request.end(body);
  });
}
