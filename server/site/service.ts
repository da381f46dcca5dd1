// The admin console's site (issue 20): name, logo, sign-ups open or by invitation, captcha, and a test
// mail for the SMTP settings. Each change is checked here (admins only) and written to the audit log
// in the same transaction.
import { inTransaction } from "../../db/transaction.ts";
import type { User } from "../../db/types.ts";
import type { AppDeps } from "../http/context.ts";
import { InvalidError, NotFoundError } from "../http/errors.ts";
import { imageKinds, removeUpload, storeImage } from "../http/images.ts";
import { type Language, translate } from "../i18n/messages.ts";
import { invitationState, invitationUrl, newInvitationToken } from "./settings/invitations.ts";
import { type SiteSettings, siteSettings, writeSiteSettings } from "./settings/settings.ts";
import { type AuditValues, recordAudit } from "../admin/audit.ts";
import { assertAdmin } from "../admin/guard.ts";
import { dropBlockedInstances } from "../federation/blocks.ts";

export async function siteForAdmin(deps: AppDeps, caller: User) {
  assertAdmin(caller);
  return { settings: await siteSettings(deps), mail: { smtp: deps.mailer.delivers, from: deps.config.mailFrom } };
}

type SiteChanges = Partial<
  Pick<
    SiteSettings,
    | "name"
    | "signupsOpen"
    | "captcha"
    | "webhooksToPrivateNetworks"
    | "embedOrigins"
    | "matchReconnectMinutes"
    | "maxBitrateKbps"
    | "realtimeViewersPerLive"
    | "federation"
    | "federationPublicUrl"
    | "federationBlockedInstances"
  >
>;

/** The audit log keeps plain values: a list is written as its items, one per line. */
const auditValue = (value: SiteSettings[keyof SiteSettings]) => (Array.isArray(value) ? value.join("\n") : value);

/** Only what changed is written and logged, each with its value before. */
export async function updateSite(deps: AppDeps, caller: User, changes: SiteChanges): Promise<SiteSettings> {
  assertAdmin(caller);
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const current = await siteSettings({ db: trx, config: deps.config });
    assertFederationAddress(deps, { ...current, ...changes });
    const changed = (Object.keys(changes) as (keyof SiteChanges)[]).filter((key) => changes[key] !== undefined && JSON.stringify(changes[key]) !== JSON.stringify(current[key]));
    if (changed.length === 0) return current;
    const written: SiteChanges = Object.fromEntries(changed.map((key) => [key, changes[key]!]));
    const before: AuditValues = Object.fromEntries(changed.map((key) => [key, auditValue(current[key])]));
    const after: AuditValues = Object.fromEntries(changed.map((key) => [key, auditValue(changes[key]!)]));
    await writeSiteSettings(trx, written, caller.id, now);
    await recordAudit(trx, caller, { action: "site.settings", targetType: "site", targetId: "settings", before, after }, now);
    // A blocked instance loses its followers, its followed accounts and its waiting deliveries with the change.
    if (written.federationBlockedInstances) await dropBlockedInstances(trx, written.federationBlockedInstances, now);
    return { ...current, ...written };
  });
}

/**
 * Federation needs the instance's address, https:// since remote servers sign and fetch over it; http:// only where
 * FEDERATION_ALLOW_HTTP says so (two test instances on loopback).
 */
function assertFederationAddress(deps: AppDeps, next: Pick<SiteSettings, "federation" | "federationPublicUrl">): void {
  const url = next.federationPublicUrl;
  if (url?.startsWith("http:") && !deps.config.federationAllowsHttp) throw new InvalidError([{ field: "federationPublicUrl", code: "federation_url_not_https" }]);
  if (next.federation && !url) throw new InvalidError([{ field: "federationPublicUrl", code: "federation_url_required" }]);
}

/** A new logo replaces the old one (whose file goes); no file puts Arena's own mark back. */
export async function replaceLogo(deps: AppDeps, caller: User, file: unknown | null): Promise<string | null> {
  assertAdmin(caller);
  const logo = file === null ? null : await storeImage(deps, file, imageKinds.siteLogo, caller.id);
  const now = deps.now();
  const previous = await inTransaction(deps.db, async (trx) => {
    const { logo: old } = await siteSettings({ db: trx, config: deps.config });
    await writeSiteSettings(trx, { logo }, caller.id, now);
    await recordAudit(trx, caller, { action: "site.logo", targetType: "site", targetId: "logo", before: { logo: old }, after: { logo } }, now);
    return old;
  });
  if (previous) await removeUpload(previous, deps.config.mediaDir);
  return logo;
}

/**
 * Sends a short message to the admin's own address through the configured mailer and reports the
 * mailer's own error when it fails (a wrong password, a closed port), so the operator can fix SMTP_URL.
 */
export async function sendTestMail(deps: AppDeps, caller: User, lang: Language): Promise<{ sent: boolean; to: string; error: string | null }> {
  assertAdmin(caller);
  const to = caller.email;
  let error: string | null = null;
  try {
    await deps.mailer.send({ to, subject: translate(lang, "auth:test_mail_subject"), text: translate(lang, "auth:test_mail_text", { url: deps.config.publicUrl }) });
  } catch (failure) {
    error = (failure as Error).message || String(failure);
  }
  await recordAudit(deps.db, caller, { action: "site.test_mail", targetType: "site", targetId: "mail", after: { to, sent: error === null, error } }, deps.now());
  return { sent: error === null, to, error };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function listInvitations(deps: AppDeps, caller: User) {
  assertAdmin(caller);
  const rows = await deps.db
    .selectFrom("invitation")
    .leftJoin("user", "user.id", "invitation.created_by")
    .selectAll("invitation")
    .select("user.username as creator")
    .orderBy("invitation.id", "desc")
    .limit(200)
    .execute();
  const now = deps.now();
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return rows.map((row) => ({
    id: row.id,
    url: invitationUrl(deps.config.publicUrl, row.token),
    note: row.note,
    maxUses: row.max_uses,
    uses: row.uses,
    expiresAt: iso(row.expires_at),
    state: invitationState(row, now),
    createdBy: row.creator ?? null,
    createdAt: iso(row.created_at)!,
  }));
}

/** maxUses null: any number of sign-ups; expiresInDays null: until revoked. */
export async function createInvitation(deps: AppDeps, caller: User, input: { note: string; maxUses: number | null; expiresInDays: number | null }) {
  assertAdmin(caller);
  const now = deps.now();
  const token = newInvitationToken();
  const expiresAt = input.expiresInDays === null ? null : now + input.expiresInDays * DAY_MS;
  await inTransaction(deps.db, async (trx) => {
    const { id } = await trx
      .insertInto("invitation")
      .values({ token, note: input.note, max_uses: input.maxUses, expires_at: expiresAt, revoked_at: null, created_by: caller.id, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const after = { note: input.note, maxUses: input.maxUses, expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString() };
    await recordAudit(trx, caller, { action: "invitation.create", targetType: "invitation", targetId: id, after }, now);
  });
  return invitationUrl(deps.config.publicUrl, token);
}

export async function revokeInvitation(deps: AppDeps, caller: User, id: number): Promise<void> {
  assertAdmin(caller);
  const now = deps.now();
  await inTransaction(deps.db, async (trx) => {
    const row = await trx.selectFrom("invitation").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFoundError("invitation_not_found");
    if (row.revoked_at !== null) return;
    await trx.updateTable("invitation").set({ revoked_at: now }).where("id", "=", id).execute();
    await recordAudit(trx, caller, { action: "invitation.revoke", targetType: "invitation", targetId: id, before: { state: invitationState(row, now) }, after: { state: "revoked" } }, now);
  });
}
