/**
 * What a ticket looks like outside the server, shared by the signer, the door's API and the web
 * app's offline door: a QR payload is `ARENA1.<payload>.<signature>` (base64url), and the code
 * printed under it is 12 base64url characters (9 random bytes).
 */
export const TICKET_PREFIX = "ARENA1";
export const TICKET_CODE = /^[A-Za-z0-9_-]{12}$/;

/**
 * The printed code a scanned text stands for: the code inside a QR payload, else the text itself. The
 * signature is not checked: the code alone is what a desk checks with the server, as when it is typed.
 */
export function printedTicketCode(scanned: string): string {
  const text = scanned.trim();
  const [prefix, body] = text.split(".");
  if (prefix !== TICKET_PREFIX || !body) return text;
  try {
    const payload: unknown = JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/")));
    return typeof payload === "object" && payload !== null && "c" in payload && typeof payload.c === "string" ? payload.c : text;
  } catch {
    return text;
  }
}
