import { exportJwk, generateCryptoKeyPair, importJwk } from "@fedify/fedify";
import type { Db, DbOrTransaction } from "../../db/index.ts";
import { ERASED_EMAIL_PATTERN } from "../auth/erased-accounts.ts";
import type { ActorRef } from "./actors.ts";

// RSA signs HTTP requests (the draft-cavage signatures Mastodon checks); Ed25519 signs objects (FEP-8b32 proofs). Both are
// made the first time an actor's keys are asked for and kept: a remote server remembers a public key, so a key made
// anew at each start would make every earlier signature look forged.
const ALGORITHMS = ["RSASSA-PKCS1-v1_5", "Ed25519"] as const;

/** The actor's key pairs, RSA first (Fedify's publicKey is the first pair's), made and stored on first use. */
export async function actorKeyPairs(deps: { db: Db; now: () => number }, actor: ActorRef): Promise<CryptoKeyPair[]> {
  let rows = await storedKeys(deps.db, actor);
  const missing = ALGORITHMS.filter((algorithm) => !rows.some((row) => row.algorithm === algorithm));
  if (missing.length > 0) {
    for (const algorithm of missing) await storeNewKeyPair(deps, actor, algorithm);
    // Read again: another node may have stored its pair first, and that one is the actor's.
    rows = await storedKeys(deps.db, actor);
  }
  return Promise.all(
    ALGORITHMS.map(async (algorithm) => {
      const row = rows.find((candidate) => candidate.algorithm === algorithm)!;
      return { publicKey: await importJwk(JSON.parse(row.public_key), "public"), privateKey: await importJwk(JSON.parse(row.private_key), "private") };
    }),
  );
}

/**
 * RSA at 2048 bits, as Mastodon makes its own: Fedify's generateCryptoKeyPair makes 4096, which took 1 to 3 s of a
 * busy core here, on the request of whoever first looks the actor up.
 */
function newKeyPair(algorithm: (typeof ALGORITHMS)[number]): Promise<CryptoKeyPair> {
  if (algorithm === "Ed25519") return generateCryptoKeyPair("Ed25519");
  return crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"]);
}

async function storeNewKeyPair(deps: { db: Db; now: () => number }, actor: ActorRef, algorithm: (typeof ALGORITHMS)[number]): Promise<void> {
  const pair = await newKeyPair(algorithm);
  await deps.db
    .insertInto("federation_key")
    .values({
      actor_type: actor.type,
      actor_id: actor.id,
      algorithm,
      public_key: JSON.stringify(await exportJwk(pair.publicKey)),
      private_key: JSON.stringify(await exportJwk(pair.privateKey)),
      created_at: deps.now(),
    })
    .onConflict((oc) => oc.columns(["actor_type", "actor_id", "algorithm"]).doNothing())
    .execute();
}

/**
 * A deleted thing (or an erased member's channel) keeps no private key behind it, once nothing waits to be signed
 * with it: the Delete of its posts still in the queue goes out first, and the hourly sweep forgets the key after.
 */
export async function forgetActorKeys(db: DbOrTransaction, actor: ActorRef): Promise<void> {
  const waiting = await db
    .selectFrom("federation_delivery")
    .select("id")
    .where("actor_type", "=", actor.type)
    .where("actor_id", "=", actor.id)
    .where("state", "=", "pending")
    .limit(1)
    .executeTakeFirst();
  if (waiting) return;
  await db.deleteFrom("federation_key").where("actor_type", "=", actor.type).where("actor_id", "=", actor.id).execute();
}

/**
 * The hourly sweep: the keys of deleted tournaments and erased members' channels once no delivery they sign waits
 * (their Deletes go out first), and Fedify's expired cache rows.
 */
export async function sweepFederationLeftovers(db: Db, now: number): Promise<void> {
  const waiting = (type: "tournament" | "channel") => db.selectFrom("federation_delivery").select("actor_id").where("actor_type", "=", type).where("state", "=", "pending");
  await db
    .deleteFrom("federation_key")
    .where("actor_type", "=", "tournament")
    .where("actor_id", "not in", db.selectFrom("tournament").select("id"))
    .where("actor_id", "not in", waiting("tournament"))
    .execute();
  // An erased member's channel row stays (past lives point at it); its account's address says it is gone.
  await db
    .deleteFrom("federation_key")
    .where("actor_type", "=", "channel")
    .where("actor_id", "in", db.selectFrom("channel").innerJoin("user", "user.id", "channel.user_id").select("channel.id").where("user.email", "like", ERASED_EMAIL_PATTERN))
    .where("actor_id", "not in", waiting("channel"))
    .execute();
  await db.deleteFrom("federation_kv").where("expires_at", "<=", now).execute();
}

function storedKeys(db: Db, actor: ActorRef) {
  return db.selectFrom("federation_key").select(["algorithm", "public_key", "private_key"]).where("actor_type", "=", actor.type).where("actor_id", "=", actor.id).execute();
}

/** The key an actor signs its requests with, only if it has one: a deleted thing's Delete is signed with its old key, never a new one. */
export async function storedSigningKey(db: Db, actor: ActorRef): Promise<CryptoKey | null> {
  const row = (await storedKeys(db, actor)).find((candidate) => candidate.algorithm === ALGORITHMS[0]);
  return row ? importJwk(JSON.parse(row.private_key), "private") : null;
}
