import { ed25519 } from "@noble/curves/ed25519.js";
import { TICKET_CODE, TICKET_PREFIX as PREFIX } from "../../../server/tickets/format.ts";
import type { EventTicket } from "../../../server/tickets/schemas.ts";

/** A ticket of the event as the door last read it from the server (the part the door checks). */
export type DoorTicket = Pick<EventTicket, "id" | "code" | "username" | "ticket_type" | "status" | "checkedInAt">;

/** Why a ticket is refused, as the error codes the server uses for the same cases. */
export type OfflineRefusal = "ticket_forged" | "ticket_other_event" | "ticket_refunded" | "ticket_unknown_code" | "ticket_already_used";

export type OfflineVerdict = { admitted: true; code: string; holder: string | null; ticketType: string } | { admitted: false; reason: OfflineRefusal; holder: string | null; checkedInAt?: string };

function fromBase64(text: string): Uint8Array {
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, "=")), (char) => char.charCodeAt(0));
}

/** The raw 32-byte key inside the server's SPKI PEM (an Ed25519 SPKI is a fixed 12-byte header, then the key). */
export function rawPublicKey(pem: string): Uint8Array {
  const der = fromBase64(pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, ""));
  return der.slice(der.length - 32);
}

/** The payload of a genuine ticket QR, or null when the signature does not hold. */
function verifiedPayload(qr: string, publicKey: Uint8Array): { c: string; e: number; k: string } | null {
  const [prefix, body, signature] = qr.split(".");
  if (prefix !== PREFIX || !body || !signature) return null;
  try {
    if (!ed25519.verify(fromBase64(signature), new TextEncoder().encode(`${PREFIX}.${body}`), publicKey)) return null;
    return JSON.parse(new TextDecoder().decode(fromBase64(body)));
  } catch {
    return null;
  }
}

/**
 * The door's own check when the server cannot be reached, as pretix's scanner does offline: the
 * signature with the server's public key (JavaScript, so it works on plain HTTP too), then the
 * event, refunds and earlier check-ins from the last list read, and the check-ins made here since.
 * A ticket sold after that list is admitted on its signature alone.
 */
export function checkOffline(qr: string, eventId: number, publicKey: Uint8Array, tickets: DoorTicket[], checkedHere: Map<string, string>): OfflineVerdict {
  const text = qr.trim();
  let code: string;
  let ticketType: string | null = null;
  if (TICKET_CODE.test(text)) code = text;
  else {
    const payload = verifiedPayload(text, publicKey);
    if (!payload) return { admitted: false, reason: "ticket_forged", holder: null };
    if (payload.e !== eventId) return { admitted: false, reason: "ticket_other_event", holder: null };
    code = payload.c;
    ticketType = payload.k;
  }
  const known = tickets.find((ticket) => ticket.code === code);
  if (!known && ticketType === null) return { admitted: false, reason: "ticket_unknown_code", holder: null };
  const holder = known?.username ?? null;
  if (known?.status === "refunded") return { admitted: false, reason: "ticket_refunded", holder };
  const checkedInAt = checkedHere.get(code) ?? known?.checkedInAt ?? undefined;
  if (checkedInAt) return { admitted: false, reason: "ticket_already_used", holder, checkedInAt };
  return { admitted: true, code, holder, ticketType: known?.ticket_type ?? ticketType! };
}

/** Check-ins made offline, kept on the device until the server takes them (a reload loses nothing). */
export const pendingCheckIns = {
  key: (eventId: number) => `door-pending:${eventId}`,
  read(eventId: number): { qr: string; code: string; at: string }[] {
    try {
      return JSON.parse(localStorage.getItem(this.key(eventId)) ?? "[]");
    } catch {
      return [];
    }
  },
  write(eventId: number, entries: { qr: string; code: string; at: string }[]): void {
    localStorage.setItem(this.key(eventId), JSON.stringify(entries));
  },
};
