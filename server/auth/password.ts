/**
 * Password hashes: argon2id at Bun's default cost (64 MiB of memory, two passes), written out here so
 * that a test can prove production keeps it (tests/password-cost.test.ts starts the real server process).
 */
export const PASSWORD_COST = { memoryCost: 65_536, timeCost: 2 } as const;

/**
 * The test suite's cost (tests/preload.ts turns it on): still argon2id, 256 KiB and one pass, as pretix's
 * test settings use a fast hasher. A sign-up then costs ~3 ms instead of ~150 ms, which most HTTP tests
 * pay several times. Both switches are needed, so a stray variable alone cannot weaken a real site.
 */
const TEST_COST = { memoryCost: 256, timeCost: 1 } as const;

function cost() {
  return process.env.NODE_ENV === "test" && process.env.ARENA_TEST_PASSWORD_COST === "cheap" ? TEST_COST : PASSWORD_COST;
}

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id", ...cost() });
}

/** A hash's own parameters say how to check it: an account made at another cost still logs in. */
export function passwordIs(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash);
}

// Checked against when the account does not exist, so a wrong username costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** One hash check whether or not the account has a password, so the answer's delay does not tell. */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword("decoy password that matches nothing");
    await passwordIs(password, await decoyHash);
    return false;
  }
  return passwordIs(password, hash);
}
