import {
  ColumnDefinitionNode,
  DataTypeNode,
  GeneratedNode,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresDialect,
  type QueryResult,
  RawNode,
  type RootOperationNode,
  type UnknownRow,
  ValueNode,
} from "kysely";
import pg from "pg";

/**
 * Everything PostgreSQL needs to run the queries and migrations written for SQLite, in one place so
 * the domains never know which database they talk to:
 * - SQLite's INTEGER holds 64 bits (times in milliseconds, sizes in bytes): it becomes BIGINT, and
 *   BIGINT and NUMERIC come back as JavaScript numbers, as SQLite's do (counts and sums included);
 * - an INTEGER PRIMARY KEY AUTOINCREMENT becomes an identity column;
 * - `COLLATE NOCASE` (usernames, e-mails) becomes citext, which compares and LIKEs without case;
 * - a boolean bound to a query becomes 1 or 0, as bun:sqlite binds it (flags are INTEGER columns).
 */
export function postgresDialect(url: string, poolSize: number): { dialect: PostgresDialect; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: { getTypeParser: typeParser } });
  // An idle connection the server dropped must not take the process down with it.
  pool.on("error", () => undefined);
  return { dialect: new PostgresDialect({ pool }), pool };
}

const { builtins } = pg.types;
const asNumber = (text: string) => Number(text);

function typeParser(oid: number, format?: "text" | "binary") {
  if (oid === builtins.INT8 || oid === builtins.NUMERIC) return asNumber;
  return pg.types.getTypeParser(oid, format);
}

/** Rewrites SQLite's column types and bound booleans for PostgreSQL (see postgresDialect). */
export class SqliteToPostgresPlugin implements KyselyPlugin {
  private readonly transformer = new SqliteToPostgresTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class SqliteToPostgresTransformer extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node);
    const nocase = column.frontModifiers?.some(isNocase) ?? false;
    if (column.autoIncrement) return ColumnDefinitionNode.cloneWith(column, { autoIncrement: false, generated: GeneratedNode.create({ byDefault: true, identity: true }) });
    if (!nocase) return column;
    return { ...column, dataType: RawNode.createWithSql("citext"), frontModifiers: column.frontModifiers?.filter((modifier) => !isNocase(modifier)) };
  }

  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    if (node.dataType === "integer") return DataTypeNode.create("bigint");
    if (node.dataType === "real") return DataTypeNode.create("double precision");
    return node;
  }

  protected override transformValue(node: ValueNode): ValueNode {
    return typeof node.value === "boolean" ? ValueNode.create(node.value ? 1 : 0) : node;
  }
}

function isNocase(node: { kind: string }): boolean {
  return RawNode.is(node as never) && (node as RawNode).sqlFragments.join("").trim().toUpperCase() === "COLLATE NOCASE";
}

/** Extensions and tables the migrations and socket.io's PostgreSQL adapter rely on; run before the migrations. */
export async function preparePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // "IF NOT EXISTS" does not hold when nodes of a cluster start at once on a fresh database (both
    // create, one fails on a duplicate key): one at a time, behind a lock that ends with the transaction.
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock(hashtext('arena:prepare'))");
    await client.query("CREATE EXTENSION IF NOT EXISTS citext");
    await client.query(`CREATE TABLE IF NOT EXISTS socket_io_attachments (
      id bigserial UNIQUE,
      created_at timestamptz DEFAULT NOW(),
      payload bytea
    )`);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
