import { type Challenge, createChallenge, type Payload, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { Db } from "../../db/index.ts";
import { BadRequestError, InvalidError } from "../http/errors.ts";

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * A self-hosted proof-of-work captcha (ALTCHA): the browser spends a moment of CPU, no third party
 * is asked, and it works on a LAN with no uplink.
 */
export async function newCaptchaChallenge(secret: string, complexity: number, now: number): Promise<Challenge> {
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: randomInt(Math.floor(complexity / 10), complexity),
    deriveKey,
    expiresAt: Math.floor((now + CHALLENGE_TTL_MS) / 1000),
    hmacSignatureSecret: `${secret}:captcha`,
    hmacKeySignatureSecret: `${secret}:captcha-key`,
  });
}

/** Accepts a solved challenge once: the signature is remembered until the challenge expires. */
export async function verifyCaptchaToken(db: Db, secret: string, token: string | undefined, now: number): Promise<void> {
  if (!token) throw new InvalidError([{ field: "captchaToken", code: "captcha_required" }]);
  const payload = decodePayload(token);
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: `${secret}:captcha`,
    hmacKeySignatureSecret: `${secret}:captcha-key`,
  });
  const signature = payload.challenge.signature;
  if (!result.verified || !signature) throw new InvalidError([{ field: "captchaToken", code: "captcha_invalid" }]);
  await db.deleteFrom("captcha_use").where("expires_at", "<=", now).execute();
  const inserted = await db
    .insertInto("captcha_use")
    .values({ signature, expires_at: (payload.challenge.parameters.expiresAt ?? 0) * 1000 || now + CHALLENGE_TTL_MS })
    .onConflict((oc) => oc.column("signature").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new InvalidError([{ field: "captchaToken", code: "captcha_invalid" }]);
}

/** The widget submits base64 JSON; a raw JSON string is accepted too. */
function decodePayload(token: string): Payload {
  try {
    const json = token.trim().startsWith("{") ? token : Buffer.from(token, "base64").toString("utf8");
    const payload = JSON.parse(json) as Payload;
    if (!payload?.challenge?.parameters || !payload.solution) throw new Error("incomplete");
    return payload;
  } catch {
    throw new BadRequestError("captcha_invalid", { fields: [{ field: "captchaToken", code: "captcha_invalid" }] });
  }
}
