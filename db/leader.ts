import pg from "pg";
import { type Db, databaseHandle } from "./index.ts";

/**
 * "Is this node the one that runs the site's periodic jobs?" (silent-viewer sweeps, expired
 * sessions). On SQLite there is one process: it always leads. On PostgreSQL the leader is the node
 * holding a session-level advisory lock on a connection of its own: PostgreSQL releases the lock
 * when that connection closes, so when the leader stops or dies another node takes it at its next try.
 */
export interface Leadership {
  isLeader(): boolean;
  /** Gives the lead up (the next node to try takes it). */
  close(): Promise<void>;
}

/** One lock for the whole site; advisory locks are per database, so sites sharing a server do not collide. */
export const SITE_LEADER_LOCK = 0x41_72_65_6e_61; // "Arena"
const LEADERSHIP_RETRY_MS = 5000;

export async function openLeadership(db: Db, options: { retryMs?: number } = {}): Promise<Leadership> {
  const handle = databaseHandle(db);
  if (handle.dialect === "sqlite") return { isLeader: () => true, close: async () => undefined };
  const leadership = new PostgresLeadership(handle.url, options.retryMs ?? LEADERSHIP_RETRY_MS);
  await leadership.start();
  return leadership;
}

class PostgresLeadership implements Leadership {
  private client: pg.Client | undefined;
  private leading = false;
  private closed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt: Promise<void> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly retryMs: number,
  ) {}

  isLeader(): boolean {
    return this.leading;
  }

  async start(): Promise<void> {
    await this.tryToLead();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.attempt;
    await this.dropConnection();
  }

  /** Not leading: ask for the lock. Leading: check the connection that holds it is still there. */
  private tryToLead(): Promise<void> {
    this.attempt = (async () => {
      try {
        this.client ??= await this.connect();
        if (this.leading) await this.client.query("SELECT 1");
        else this.leading = (await this.client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [SITE_LEADER_LOCK])).rows[0]!.locked;
      } catch {
        // Not awaited: ending a broken connection may wait on a socket that never answers.
        void this.dropConnection();
      }
      if (!this.closed) this.timer = setTimeout(() => void this.tryToLead(), this.retryMs);
    })();
    return this.attempt;
  }

  private async connect(): Promise<pg.Client> {
    // Bounded waits: a leader cut off from the database must notice within seconds, not at TCP's timeout.
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 10_000, query_timeout: 10_000, keepAlive: true });
    // A lost connection has lost the lock with it: stop leading at once, not at the next check.
    client.on("error", () => this.forget(client));
    client.on("end", () => this.forget(client));
    await client.connect();
    return client;
  }

  private forget(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.leading = false;
  }

  private async dropConnection(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.forget(client);
    await client.end().catch(() => undefined);
  }
}
