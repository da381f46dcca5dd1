import type { Kysely } from "kysely";

/**
 * A ledger line Arena writes is stored as a code and its parameters, translated when shown, so a
 * member reads it in their language; a reason typed by an admin stays in `description` as typed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("wallet_transaction").addColumn("description_code", "text").execute();
  await db.schema.alterTable("wallet_transaction").addColumn("description_params", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("wallet_transaction").dropColumn("description_params").execute();
  await db.schema.alterTable("wallet_transaction").dropColumn("description_code").execute();
}
