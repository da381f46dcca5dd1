// Invitation links for closed sign-ups (issue 20): an admin makes one for a person (one use) or for a
// team or a LAN table (several uses, or no limit), with an expiry or none, and may revoke it. Taking a
// use is one conditional UPDATE, so two sign-ups racing for the last use cannot both get it.
import { randomBytes } from "node:crypto";
import type { DbOrTransaction } from "../../../db/index.ts";
import type { Invitation } from "../../../db/types.ts";
import { ForbiddenError } from "../../http/errors.ts";

type InvitationState = "active" | "used" | "expired" | "revoked";

export function newInvitationToken(): string {
  return randomBytes(18).toString("base64url");
}

export function invitationState(invitation: Invitation, now: number): InvitationState {
  if (invitation.revoked_at !== null) return "revoked";
  if (invitation.expires_at !== null && invitation.expires_at <= now) return "expired";
  if (invitation.max_uses !== null && invitation.uses >= invitation.max_uses) return "used";
  return "active";
}

/** Takes one use of the link, in the sign-up's transaction; refuses a link that is unknown, revoked, expired or used up. */
export async function takeInvitationUse(db: DbOrTransaction, token: string | undefined, now: number): Promise<void> {
  if (!token) throw new ForbiddenError("signups_closed");
  const taken = await db
    .updateTable("invitation")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("token", "=", token)
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
    .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) throw new ForbiddenError("invitation_invalid");
}

export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/?auth=signup&invite=${encodeURIComponent(token)}`;
}
