/**
 * What a ticket looks like outside the server, shared by the signer, the door's API and the web
 * app's offline door: a QR payload is `ARENA1.<payload>.<signature>` (base64url), and the code
 * printed under it is 12 base64url characters (9 random bytes).
 */
export const TICKET_PREFIX = "ARENA1";
export const TICKET_CODE = /^[A-Za-z0-9_-]{12}$/;
