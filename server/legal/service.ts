import type { Db } from "../../db/index.ts";
import type { LegalDocument, User } from "../../db/types.ts";
import { canAdminister } from "../access/policy.ts";
import type { AppDeps } from "../http/context.ts";
import { ForbiddenError, NotFoundError } from "../http/errors.ts";
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

/** An admin replaces one language of a document: the HTML is sanitised, the version and date move on. */
export async function updateLegalDocument(deps: AppDeps, actor: User, type: string, input: LegalUpdate): Promise<LegalDocumentResponse> {
  if (!canAdminister(actor)) throw new ForbiddenError();
  const legalType = assertLegalType(type);
  const previous = await findDocument(deps.db, legalType, input.lang);
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
    updated_at: deps.now(),
    updated_by: actor.id,
  };
  const row = await deps.db
    .insertInto("legal_document")
    .values({ type: legalType, lang: input.lang, version: 1, ...values })
    .onConflict((oc) => oc.columns(["type", "lang"]).doUpdateSet((eb) => ({ ...values, version: eb("legal_document.version", "+", 1) })))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLegalResponse(row);
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

async function findDocument(db: Db, type: LegalType, lang: LegalLanguage): Promise<LegalDocument | undefined> {
  const rows = await db.selectFrom("legal_document").selectAll().where("type", "=", type).where("lang", "in", [lang, FALLBACK_LANGUAGE]).execute();
  return rows.find((r) => r.lang === lang) ?? rows[0];
}
