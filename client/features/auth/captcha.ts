import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import { api } from "../../lib/api.ts";

/** Fetches a proof-of-work challenge from our own server and solves it in the browser (no third party). */
export async function solveCaptcha(): Promise<string> {
  const { challenge } = await api<{ enabled: boolean; challenge: Challenge }>("/auth/captcha");
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("captcha not solved");
  return btoa(JSON.stringify({ challenge, solution }));
}
