import { EventEmitter } from "node:events";
import pg from "pg";
import { type Db, databaseHandle } from "./index.ts";

/**
 * "Something changed, reload it": a topic name sent to every process that uses the database, this
 * one included. On SQLite there is one process, so it is an in-process emitter; on PostgreSQL it is
 * LISTEN/NOTIFY on a connection of its own, which reaches every node of the site.
 */
export interface Signals {
  notify(topic: string): Promise<void>;
  /** Returns a function that stops listening. */
  listen(topic: string, handler: () => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = "arena_signals";

export async function openSignals(db: Db): Promise<Signals> {
  const handle = databaseHandle(db);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const listen = (topic: string, handler: () => void) => {
    local.on(topic, handler);
    return () => void local.off(topic, handler);
  };
  if (handle.dialect === "sqlite") {
    return {
      notify: async (topic) => void local.emit(topic),
      listen,
      close: async () => void local.removeAllListeners(),
    };
  }
  const listener = new pg.Client({ connectionString: handle.url });
  listener.on("error", () => undefined);
  listener.on("notification", (message) => {
    if (message.channel === CHANNEL && message.payload) local.emit(message.payload);
  });
  await listener.connect();
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    notify: async (topic) => void (await handle.pool.query("SELECT pg_notify($1, $2)", [CHANNEL, topic])),
    listen,
    async close() {
      local.removeAllListeners();
      await listener.end().catch(() => undefined);
    },
  };
}
