import { createAdapter as createPostgresAdapter } from "@socket.io/postgres-adapter";
import type { createAdapter as createRedisAdapter } from "@socket.io/redis-adapter";
import type pg from "pg";
import { type Db, databaseHandle, redactPassword } from "../../db/index.ts";

/** What socket.io's `adapter` option takes: one adapter per namespace. */
type AdapterFactory = ReturnType<typeof createPostgresAdapter> | ReturnType<typeof createRedisAdapter>;

export interface SocketAdapter {
  /** "memory" on one node: socket.io's own adapter, nothing to open. */
  kind: "memory" | "postgres" | "redis";
  factory?: AdapterFactory;
  /** After io.close(): ends what the adapter opened (Redis's two clients; PostgreSQL's listener goes back to the pool). */
  close(): Promise<void>;
}

/**
 * How an emit to a room reaches the sockets other nodes hold. REDIS_URL: Redis publish/subscribe.
 * PostgreSQL: LISTEN/NOTIFY on the site's database (payloads over 8 kB go through the
 * socket_io_attachments table db/postgres.ts creates), so a cluster needs nothing beyond it.
 * SQLite means one process: socket.io's in-memory adapter.
 */
export async function openSocketAdapter(db: Db, redisUrl: string | undefined, log: (line: string) => void): Promise<SocketAdapter> {
  const reportError = (error: Error) => log(`[realtime] adapter: ${error.message}`);
  if (redisUrl) return openRedisAdapter(redisUrl, reportError);
  const handle = databaseHandle(db);
  if (handle.dialect === "sqlite") return { kind: "memory", close: async () => undefined };
  const listenerPool = closablePool(handle.pool);
  return { kind: "postgres", factory: createPostgresAdapter(listenerPool.pool, { errorHandler: reportError }), close: listenerPool.close };
}

/**
 * The pool as socket.io's PostgreSQL adapter sees it. The adapter borrows a connection for LISTEN as
 * it opens, and its own close gives it back only once that borrow is over: a node stopped while it was
 * still connecting (right after it started) kept the connection for good, and the pool's end (the
 * database's close) then waited forever. Closed, this pool lends nothing more and gives back what the
 * adapter still holds.
 */
function closablePool(pool: pg.Pool): { pool: pg.Pool; close(): Promise<void> } {
  let closed = false;
  const lent = new Set<pg.PoolClient>();
  // Never settled: the adapter's connect attempt after the close waits for good, holding nothing, and never retries.
  const nothing = () => new Promise<never>(() => undefined);
  const connect = async (): Promise<pg.PoolClient> => {
    if (closed) return nothing();
    const client = await pool.connect();
    if (closed) {
      client.release();
      return nothing();
    }
    const release = client.release.bind(client);
    client.release = (error?: Error | boolean) => {
      lent.delete(client);
      release(error);
    };
    lent.add(client);
    return client;
  };
  return {
    // Its other methods run on the pool itself: the pool's query borrows through its own connect, with a callback.
    pool: new Proxy(pool, { get: (target, name) => (name === "connect" ? connect : boundTo(target, Reflect.get(target, name, target))) }),
    async close() {
      // A borrow still waiting is given back when it is served (or never served: the pool is ending).
      closed = true;
      for (const client of lent) client.release();
    },
  };
}

function boundTo(target: object, value: unknown): unknown {
  return typeof value === "function" ? value.bind(target) : value;
}

async function openRedisAdapter(url: string, reportError: (error: Error) => void): Promise<SocketAdapter> {
  // Loaded only where Redis is set: its client is 570 modules, a quarter of a second of every start otherwise.
  const [{ createClient }, { createAdapter: createRedisAdapter }] = await Promise.all([import("redis"), import("@socket.io/redis-adapter")]);
  const publisher = createClient({ url });
  // The subscriber is a connection of its own: once subscribed, Redis lets it do nothing else.
  const subscriber = publisher.duplicate();
  publisher.on("error", reportError);
  subscriber.on("error", reportError);
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.destroy();
    subscriber.destroy();
    throw new Error(`Redis at ${redactPassword(url)} could not be reached: ${(error as Error).message}`);
  }
  return {
    kind: "redis",
    factory: createRedisAdapter(publisher, subscriber),
    async close() {
      await Promise.all([publisher.close(), subscriber.close()]);
    },
  };
}
