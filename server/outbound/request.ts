import http from "node:http";
import https from "node:https";
import { type OutboundPolicy, outboundUrl, resolveAllowed } from "./addresses.ts";

/** What came back from a receiver: its status, its answer (or its first bytes), and how long it took. */
export interface OutboundAnswer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  durationMs: number;
}

/** One request Arena makes of its own. */
interface OutboundRequest {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /**
   * The most of the answer kept: a webhook's log keeps the first bytes of whatever came back (`truncate`); a document
   * Arena reads must come whole and small (`refuse` fails the request past the limit).
   */
  answerLimit: { bytes: number; past: "truncate" | "refuse" };
}

const KEPT_BODY_BYTES = 2048;

/**
 * POSTs `body` to `target` (a webhook's receiver) and keeps the first bytes of the answer for the log. See
 * requestOutbound for what is checked.
 */
export function postOutbound(target: string, body: string, headers: Record<string, string>, policy: OutboundPolicy, timeoutMs: number): Promise<OutboundAnswer> {
  return requestOutbound(
    target,
    { method: "POST", headers: { "content-type": "application/json", "user-agent": "Arena-Webhooks/1", ...headers }, body, timeoutMs, answerLimit: { bytes: KEPT_BODY_BYTES, past: "truncate" } },
    policy,
  );
}

/**
 * Sends `request` to `target` after resolveAllowed: the connection goes to the addresses checked, through a lookup
 * that answers with them (a DNS answer cannot change in between), with a time limit for the whole exchange. Throws
 * OutboundRefused before any connection, or the connection's own error. Redirects are not followed: a caller that
 * follows one asks again, and the new address is checked again.
 */
export async function requestOutbound(target: string, request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundAnswer> {
  const url = outboundUrl(target);
  const addresses = await resolveAllowed(url, policy);
  const started = performance.now();
  const transport = url.protocol === "https:" ? https : http;
  const headers = request.body === undefined ? request.headers : { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) };
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: request.method,
        headers,
        timeout: request.timeoutMs,
        lookup: ((_host: string, options: { all?: boolean }, done: (error: null, address: unknown, family?: number) => void) => {
          if (options?.all) done(null, addresses);
          else done(null, addresses[0]!.address, addresses[0]!.family);
        }) as never,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const { bytes, past } = request.answerLimit;
        response.on("data", (chunk: Buffer) => {
          if (kept + chunk.length > bytes && past === "refuse") {
            outgoing.destroy(new Error(`answer larger than ${bytes} bytes`));
            return;
          }
          if (kept < bytes) chunks.push(chunk.subarray(0, bytes - kept));
          kept += chunk.length;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: response.headers, durationMs: Math.round(performance.now() - started) }),
        );
        response.on("error", reject);
      },
    );
    // The limit covers a receiver that never answers as well as one that never connects.
    const deadline = setTimeout(() => outgoing.destroy(new Error(`no answer within ${request.timeoutMs / 1000} s`)), request.timeoutMs);
    outgoing.on("close", () => clearTimeout(deadline));
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${request.timeoutMs / 1000} s`)));
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}
