import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from "node:crypto";
import { join } from "node:path";
import { readOrCreateShared } from "../storage/files/shared-files.ts";
import { TICKET_PREFIX as PREFIX } from "./format.ts";

interface TicketPayload {
  /** ticket code */
  c: string;
  /** event id */
  e: number;
  /** ticket type */
  k: string;
  /** issued at (Unix seconds) */
  i: number;
}

export interface TicketSigner {
  publicKeyPem: string;
  sign(payload: TicketPayload): string;
  /** The payload when the signature holds, null for anything forged or damaged. */
  verify(qr: string): TicketPayload | null;
}

/**
 * Tickets are signed with Ed25519, as pretix signs its tickets: a scanner holding only the public
 * key can tell a real ticket from a forged one with no network. The key pair lives in MEDIA_DIR.
 */
const signers = new Map<string, TicketSigner>();

/** One signer per data folder, created on first use. */
export function ticketSigner(dataDir: string): TicketSigner {
  let signer = signers.get(dataDir);
  if (!signer) {
    signer = loadTicketSigner(dataDir);
    signers.set(dataDir, signer);
  }
  return signer;
}

function loadTicketSigner(dataDir: string): TicketSigner {
  // Every node of a site signs with the same key, so a ticket bought on one is admitted at a door served by another.
  const pem = readOrCreateShared(join(dataDir, "ticket-signing-key.pem"), () => generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }));
  const privateKey: KeyObject = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  return {
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
    sign(payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
      const signature = sign(null, Buffer.from(`${PREFIX}.${body}`), privateKey).toString("base64url");
      return `${PREFIX}.${body}.${signature}`;
    },
    verify(qr) {
      const [prefix, body, signature] = qr.trim().split(".");
      if (prefix !== PREFIX || !body || !signature) return null;
      try {
        if (!verify(null, Buffer.from(`${PREFIX}.${body}`), publicKey, Buffer.from(signature, "base64url"))) return null;
        return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TicketPayload;
      } catch {
        return null;
      }
    },
  };
}
