import type { DbOrTransaction } from "../../db/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import type { LegalDocument, User } from "../../db/types.ts";
import { canAdminister } from "../access/policy.ts";
import type { AppDeps } from "../http/context.ts";
import { ForbiddenError, NotFoundError } from "../http/errors.ts";
import { recordAudit } from "../admin/audit.ts";
import { sanitizeLegalHtml } from "./sanitize.ts";
import { LEGAL_TYPES, type LegalDocumentResponse, type LegalLanguage, type LegalType, type LegalUpdate } from "./schemas.ts";

const FALLBACK_LANGUAGE: LegalLanguage = "fr";

export function isLegalType(value: string): value is LegalType {
  return (LEGAL_TYPES as readonly string[]).includes(value);
}

function assertLegalType(value: string): LegalType {
  if (!isLegalType(value)) throw new NotFoundError();
  return value;
}

/** One document in the asked language, or in French when that translation is missing. */
export async function getLegalDocument(deps: AppDeps, type: string, lang: LegalLanguage): Promise<LegalDocumentResponse> {
  const row = await findDocument(deps.db, assertLegalType(type), lang);
  if (!row) throw new NotFoundError();
  return toLegalResponse(row);
}

/** Every document type, in the order of LEGAL_TYPES. */
export async function listLegalDocuments(deps: AppDeps, lang: LegalLanguage): Promise<LegalDocumentResponse[]> {
  const rows = await deps.db.selectFrom("legal_document").selectAll().where("lang", "in", [lang, FALLBACK_LANGUAGE]).execute();
  return LEGAL_TYPES.flatMap((type) => {
    const row = rows.find((r) => r.type === type && r.lang === lang) ?? rows.find((r) => r.type === type);
    return row ? [toLegalResponse(row)] : [];
  });
}

/**
 * An admin replaces one language of a document: the HTML is sanitised, the version and date move on.
 * Every version is kept in legal_version (the one it replaces too, the first time), and the change is
 * written to the audit log, all in one transaction.
 */
export async function updateLegalDocument(deps: AppDeps, actor: User, type: string, input: LegalUpdate): Promise<LegalDocumentResponse> {
  if (!canAdminister(actor)) throw new ForbiddenError();
  const legalType = assertLegalType(type);
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const rows = await trx.selectFrom("legal_document").selectAll().where("type", "=", legalType).where("lang", "=", input.lang).execute();
    const previous = rows[0] ?? (await findDocument(trx, legalType, input.lang));
    const contact = input.contact ?? {
      email: previous?.contact_email ?? "",
      phone: previous?.contact_phone ?? "",
      address: previous?.contact_address ?? "",
    };
    const values = {
      title: input.title,
      content: sanitizeLegalHtml(input.content),
      contact_email: contact.email,
      contact_phone: contact.phone,
      contact_address: contact.address,
      updated_at: now,
      updated_by: actor.id,
    };
    if (rows[0]) await keepVersion(trx, rows[0]);
    const row = await trx
      .insertInto("legal_document")
      .values({ type: legalType, lang: input.lang, version: 1, ...values })
      .onConflict((oc) => oc.columns(["type", "lang"]).doUpdateSet((eb) => ({ ...values, version: eb("legal_document.version", "+", 1) })))
      .returningAll()
      .executeTakeFirstOrThrow();
    await keepVersion(trx, row);
    const before = rows[0] ? { version: rows[0].version, title: rows[0].title, updatedAt: new Date(rows[0].updated_at).toISOString() } : null;
    await recordAudit(trx, actor, { action: "legal.edit", targetType: "legal", targetId: `${legalType}:${input.lang}`, before, after: { version: row.version, title: row.title } }, now);
    return toLegalResponse(row);
  });
}

async function keepVersion(db: DbOrTransaction, row: LegalDocument): Promise<void> {
  await db
    .insertInto("legal_version")
    .values({ type: row.type, lang: row.lang, version: row.version, title: row.title, content: row.content, updated_at: row.updated_at, updated_by: row.updated_by })
    .onConflict((oc) => oc.columns(["type", "lang", "version"]).doNothing())
    .execute();
}

/** Every kept version of one language of a document, newest first (admins). */
export async function listLegalVersions(deps: AppDeps, actor: User, type: string, lang: LegalLanguage) {
  if (!canAdminister(actor)) throw new ForbiddenError();
  const rows = await deps.db
    .selectFrom("legal_version")
    .leftJoin("user", "user.id", "legal_version.updated_by")
    .select(["legal_version.version", "legal_version.title", "legal_version.content", "legal_version.updated_at", "user.username"])
    .where("legal_version.type", "=", assertLegalType(type))
    .where("legal_version.lang", "=", lang)
    .orderBy("legal_version.version", "desc")
    .execute();
  return rows.map((r) => ({ version: r.version, title: r.title, content: r.content, updatedAt: new Date(r.updated_at).toISOString(), updatedBy: r.username ?? null }));
}

export function toLegalResponse(row: LegalDocument): LegalDocumentResponse {
  return {
    type: row.type,
    lang: row.lang,
    title: row.title,
    content: row.content,
    updated_at: new Date(row.updated_at).toISOString(),
    version: row.version,
    contact: { email: row.contact_email, phone: row.contact_phone, address: row.contact_address },
  };
}

async function findDocument(db: DbOrTransaction, type: LegalType, lang: LegalLanguage): Promise<LegalDocument | undefined> {
  const rows = await db.selectFrom("legal_document").selectAll().where("type", "=", type).where("lang", "in", [lang, FALLBACK_LANGUAGE]).execute();
  return rows.find((r) => r.lang === lang) ?? rows[0];
}
