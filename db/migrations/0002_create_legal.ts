import { type Kysely, sql } from "kysely";
import { defaultContact, LEGAL_TYPES, legalTexts } from "../seed/legal-texts.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("legal_document")
    .addColumn("type", "text", (c) => c.notNull().check(sql`type IN ('rgpd', 'cgu', 'faq', 'mentions-legales')`))
    .addColumn("lang", "text", (c) => c.notNull().check(sql`lang IN ('fr', 'en')`))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("contact_email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("contact_phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("contact_address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "integer", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("user.id").onDelete("set null"))
    .addPrimaryKeyConstraint("legal_document_pk", ["type", "lang"])
    .execute();

  // A fresh server opens with complete texts in both languages; the operator edits them afterwards.
  const now = Date.now();
  const rows = LEGAL_TYPES.flatMap((type) =>
    (["fr", "en"] as const).map((lang) => ({
      type,
      lang,
      title: legalTexts[type][lang].title,
      content: legalTexts[type][lang].content,
      version: 1,
      contact_email: defaultContact[lang].email,
      contact_phone: defaultContact[lang].phone,
      contact_address: defaultContact[lang].address,
      updated_at: now,
      updated_by: null,
    })),
  );
  await db.insertInto("legal_document").values(rows).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("legal_document").execute();
}
