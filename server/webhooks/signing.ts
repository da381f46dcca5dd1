import { createHmac, randomBytes } from "node:crypto";

// The Standard Webhooks convention (standardwebhooks.com): a `whsec_` key, and headers that let a receiver check that
// the body came from us, unchanged, and recently. Tests check our signatures with its reference library.

const SECRET_PREFIX = "whsec_";

/** A new signing key: 32 random bytes in base64 after `whsec_`, as the convention's libraries read it. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>` under one key. */
function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/**
 * The three headers of one try. During a rotation the body is signed with both keys, space-separated, so a receiver
 * still holding the old key accepts it until it has the new one.
 */
export function signedHeaders(secrets: string[], messageId: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": secrets.map((secret) => signature(secret, messageId, timestampSeconds, body)).join(" "),
  };
}
