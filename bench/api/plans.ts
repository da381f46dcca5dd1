import { CompiledQuery, createQueryId, type KyselyPlugin, type RootOperationNode } from "kysely";
import { type Db, dialectOf } from "../../db/index.ts";

/** A query a call sent, as the database received it, and how the database reads it. */
export interface ExplainedQuery {
  sql: string;
  plan: string[];
  /** The plan's lines that read a whole large table (see wholeTableReads). */
  wholeTableScans: string[];
}

/**
 * A copy of `db` that keeps every query it sends, so a bench can ask the database afterwards how it
 * reads each one. `take()` hands over the queries kept since the last call, compiled, and forgets them.
 */
export function recordingQueries(db: Db): { db: Db; take(): CompiledQuery[] } {
  const sent: RootOperationNode[] = [];
  const keep: KyselyPlugin = {
    transformQuery: ({ node }) => {
      sent.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return {
    db: db.withPlugin(keep) as Db,
    take: () => sent.splice(0).map((node) => db.getExecutor().compileQuery(node, createQueryId())),
  };
}

/** Explains each distinct query (by its text) once, with the parameters it was first sent with. */
export async function explainAll(db: Db, queries: CompiledQuery[]): Promise<ExplainedQuery[]> {
  const large = await largeTables(db);
  const seen = new Set<string>();
  const explained: ExplainedQuery[] = [];
  for (const query of queries) {
    if (seen.has(query.sql)) continue;
    seen.add(query.sql);
    const plan = await planOf(db, query.sql, query.parameters);
    explained.push({ sql: query.sql, plan, wholeTableScans: wholeTableReads(plan, large) });
  }
  return explained;
}

/** SQLite's tables of more than 5,000 rows (its plans do not say how many rows a scan reads). */
async function largeTables(db: Db): Promise<Set<string>> {
  if (dialectOf(db) === "postgres") return new Set();
  const { rows: tables } = await db.executeQuery<{ name: string }>(CompiledQuery.raw("SELECT name FROM sqlite_master WHERE type = 'table'"));
  const large = new Set<string>();
  for (const { name } of tables) {
    const { rows } = await db.executeQuery<{ n: number }>(CompiledQuery.raw(`SELECT COUNT(*) AS n FROM "${name}"`));
    if (Number(rows[0]?.n) > 5_000) large.add(name);
  }
  return large;
}

/**
 * How the database reads `text`. PostgreSQL runs it (EXPLAIN ANALYZE, actual rows), so a sequential
 * scan that stops at its LIMIT is told from one that reads everything: run writes inside a
 * transaction rolled back, so explaining changes nothing.
 */
async function planOf(db: Db, text: string, parameters: readonly unknown[]): Promise<string[]> {
  if (dialectOf(db) === "postgres") {
    const explain = `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${text}`;
    if (/^\s*select/i.test(text)) {
      const { rows } = await db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(explain, [...parameters]));
      return rows.map((row) => row["QUERY PLAN"]);
    }
    const lines: string[] = [];
    await db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await trx.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(explain, [...parameters]));
        lines.push(...rows.map((row) => row["QUERY PLAN"]));
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return lines;
  }
  const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${text}`, [...parameters]));
  return rows.map((row) => row.detail);
}

class RolledBack extends Error {}

/**
 * SQLite: "SCAN t" without an index, t a table of more than 5,000 rows rather than one of the plan's
 * own subqueries (its co-routines); PostgreSQL: a sequential scan that read more than 5,000 rows.
 */
function wholeTableReads(lines: string[], large: Set<string>): string[] {
  const subqueries = new Set(lines.flatMap((line) => /^\s*(?:CO-ROUTINE|MATERIALIZE) (\S+)/.exec(line)?.[1] ?? []));
  return lines.flatMap((line, i) => {
    const scan = /^\s*SCAN (\S+)$/.exec(line);
    if (scan) return large.has(scan[1]!) && !subqueries.has(scan[1]!) ? [line.trim()] : [];
    const seq = /Seq Scan on (\S+).*\(actual rows=(\d+) loops=(\d+)\)/.exec(line);
    if (!seq) return [];
    // Rows read: those kept plus those its filter removed (the next lines, up to the next plan node).
    const details = lines.slice(i + 1).findIndex((next) => next.includes("->"));
    const removed = lines.slice(i + 1, details === -1 ? undefined : i + 1 + details).map((next) => /Rows Removed by Filter: (\d+)/.exec(next)?.[1]);
    const read = (Number(seq[2]) + Number(removed.find(Boolean) ?? 0)) * Number(seq[3]);
    return read > 5_000 ? [`${line.trim()}, ${read} rows read`] : [];
  });
}
