import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** Encrypts small secrets (platform stream keys) at rest with a key derived from the server secret. */
export function sealSecret(plain: string, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
}

export function openSecret(sealed: string, serverSecret: string): string {
  const bytes = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(serverSecret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}

function keyOf(serverSecret: string): Buffer {
  return createHash("sha256").update(`${serverSecret}:restream-keys`).digest();
}
