import { z } from "zod";

/** The first entry of every backup: what it holds, so a restore can refuse what it cannot bring back before writing anything. */
export const MANIFEST = "manifest.json";
/** The last entry: every other entry's size and SHA-256, checked once the restore has written them. */
export const FILE_LIST = "files.json";

export const manifestSchema = z.object({
  format: z.literal("arena-backup"),
  version: z.literal(1),
  createdAt: z.string(),
  arenaVersion: z.string(),
  database: z.object({
    dialect: z.enum(["sqlite", "postgres"]),
    /** The last migration the database had: a restore into an older Arena is refused. */
    schema: z.string(),
    entry: z.string(),
  }),
  /** Whether DATA_DIR and MEDIA_DIR were two folders (entries under data/ and media/) or one (media/ only). */
  separateDataDir: z.boolean(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const fileListSchema = z.array(z.object({ name: z.string(), size: z.number(), sha256: z.string() }));

export const SQLITE_ENTRY = "database/arena.db";
export const POSTGRES_ENTRY = "database/arena.pgdump";
