import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// biome-ignore lint/style/noRestrictedImports: a test, not shipped: it signs real tickets with the server's signer to prove the door reads them.
import { ticketSigner } from "../../../server/tickets/signing.ts";
import { checkOffline, type DoorTicket, rawPublicKey } from "./offline-door.ts";

/** The door's offline check against the server's real signer: what a doorkeeper sees with no network. */
const dataDir = mkdtempSync(join(tmpdir(), "arena-door-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const signer = ticketSigner(dataDir);
const key = rawPublicKey(signer.publicKeyPem);
const qrOf = (code: string, eventId = 7) => signer.sign({ c: code, e: eventId, k: "match", i: 1 });
const listed: DoorTicket[] = [
  { id: 1, code: "AAAAAAAAAAAA", username: "Orion", ticket_type: "pass_day", status: "valid", checkedInAt: null },
  { id: 2, code: "BBBBBBBBBBBB", username: "Vega", ticket_type: "match", status: "refunded", checkedInAt: null },
  { id: 3, code: "CCCCCCCCCCCC", username: "Lyra", ticket_type: "match", status: "valid", checkedInAt: "2026-11-24T18:00:00.000Z" },
];
const check = (qr: string, here = new Map<string, string>()) => checkOffline(qr, 7, key, listed, here);

describe("checking a ticket with no server", () => {
  it("admits a genuine ticket of the list, with its holder and type, once", () => {
    const here = new Map<string, string>();
    expect(check(qrOf("AAAAAAAAAAAA"), here)).toEqual({ admitted: true, code: "AAAAAAAAAAAA", holder: "Orion", ticketType: "pass_day" });
    here.set("AAAAAAAAAAAA", "2026-11-24T19:00:00.000Z");
    expect(check(qrOf("AAAAAAAAAAAA"), here)).toMatchObject({ admitted: false, reason: "ticket_already_used", holder: "Orion", checkedInAt: "2026-11-24T19:00:00.000Z" });
  });

  it("admits a ticket sold after the list on its signature alone", () => {
    expect(check(qrOf("DDDDDDDDDDDD"))).toEqual({ admitted: true, code: "DDDDDDDDDDDD", holder: null, ticketType: "match" });
  });

  it("refuses forged, foreign, refunded and already used tickets, and unknown typed codes", () => {
    const [prefix, body, signature] = qrOf("AAAAAAAAAAAA").split(".");
    const otherBody = Buffer.from(JSON.stringify({ c: "DDDDDDDDDDDD", e: 7, k: "pass_full", i: 1 })).toString("base64url");
    expect(check(`${prefix}.${otherBody}.${signature}`)).toMatchObject({ admitted: false, reason: "ticket_forged" });
    expect(check(`${prefix}.${body}.${signature!.slice(0, -4)}AAAA`)).toMatchObject({ admitted: false, reason: "ticket_forged" });
    expect(check("not a ticket")).toMatchObject({ admitted: false, reason: "ticket_forged" });
    expect(check(qrOf("AAAAAAAAAAAA", 8))).toMatchObject({ admitted: false, reason: "ticket_other_event" });
    expect(check(qrOf("BBBBBBBBBBBB"))).toMatchObject({ admitted: false, reason: "ticket_refunded", holder: "Vega" });
    expect(check(qrOf("CCCCCCCCCCCC"))).toMatchObject({ admitted: false, reason: "ticket_already_used", holder: "Lyra" });
    expect(check(" AAAAAAAAAAAA ")).toMatchObject({ admitted: true, holder: "Orion" });
    expect(check("ZZZZZZZZZZZZ")).toMatchObject({ admitted: false, reason: "ticket_unknown_code" });
  });
});
