import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import type { Db } from "../../db/index.ts";

// Fedify's caches and locks (remote keys, activity ids seen), in one table of Arena's own database: every node shares
// them, on SQLite and PostgreSQL alike. Fedify's own @fedify/sqlite and @fedify/postgres are a major version behind
// @fedify/fedify 2 (they require 1.8), and the PostgreSQL one brings a second driver ("postgres") next to pg.

/** A key is stored as its JSON array: one text column, ordered and compared the same way on both databases. */
const stored = (key: KvKey) => JSON.stringify(key);

export class DatabaseKvStore implements KvStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.db.selectFrom("federation_kv").select(["value", "expires_at"]).where("key", "=", stored(key)).executeTakeFirst();
    if (!row || this.expired(row.expires_at)) return undefined;
    return JSON.parse(row.value) as T;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const row = { value: JSON.stringify(value), expires_at: options?.ttl ? this.now() + options.ttl.total("millisecond") : null };
    await this.db
      .insertInto("federation_kv")
      .values({ key: stored(key), ...row })
      .onConflict((oc) => oc.column("key").doUpdateSet(row))
      .execute();
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.deleteFrom("federation_kv").where("key", "=", stored(key)).execute();
  }

  /** The prefix's own key and every key under it: their JSON starts with the prefix's, less its closing bracket. */
  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const start = prefix ? stored(prefix).slice(0, -1) : "[";
    const rows = await this.db
      .selectFrom("federation_kv")
      .select(["key", "value", "expires_at"])
      .where((eb) => eb.fn("substr", ["key", eb.val(1), eb.val(start.length)]), "=", start)
      .execute();
    for (const row of rows) {
      const rest = row.key.slice(start.length);
      if (this.expired(row.expires_at) || (prefix && rest !== "]" && !rest.startsWith(","))) continue;
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) };
    }
  }

  private expired(expiresAt: number | null): boolean {
    return expiresAt !== null && expiresAt <= this.now();
  }
}
