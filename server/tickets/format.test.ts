import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { printedTicketCode } from "./format.ts";
import { ticketSigner } from "./signing.ts";

const dir = mkdtempSync(join(tmpdir(), "arena-ticket-format-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the printed code a scanned text stands for", () => {
  it("is the code inside a real ticket's QR payload, whatever its signature", () => {
    const qr = ticketSigner(dir).sign({ c: "AbC-123_xYz9", e: 7, k: "match", i: 1_800_000_000 });
    expect(printedTicketCode(qr)).toBe("AbC-123_xYz9");
    expect(printedTicketCode(`  ${qr}\n`)).toBe("AbC-123_xYz9");
  });

  it("is the text itself for a typed code or anything that is not a payload", () => {
    expect(printedTicketCode(" AbC-123_xYz9 ")).toBe("AbC-123_xYz9");
    expect(printedTicketCode("ARENA1.not-base64!.sig")).toBe("ARENA1.not-base64!.sig");
    expect(printedTicketCode("ARENA1.")).toBe("ARENA1.");
    expect(printedTicketCode(`ARENA1.${btoa(JSON.stringify({ c: 12 }))}.sig`)).toBe(`ARENA1.${btoa(JSON.stringify({ c: 12 }))}.sig`);
  });
});
