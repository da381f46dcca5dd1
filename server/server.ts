import { join } from "node:path";
import type { Db } from "../db/index.ts";
import { openDatabase } from "../db/index.ts";
import { createApp } from "./app.ts";
import { ensureAdmin } from "./auth/admin.ts";
import { deleteExpiredSessions } from "./auth/sessions.ts";
import type { Config } from "./config.ts";
import type { AppDeps } from "./http/context.ts";
import { createMailer } from "./mail/mailer.ts";

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  stop(): Promise<void>;
}

/** Opens the database, wires every part and listens. Tests call this too, with port 0 and a temporary DATA_DIR. */
export async function startServer(config: Config, options: { log?: (line: string) => void } = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const db: Db = await openDatabase(join(config.dataDir, "arena.db"));
  const deps: AppDeps = { db, config, mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log }), now: Date.now };
  await ensureAdmin(deps, log);
  await deleteExpiredSessions(db, deps.now());
  const app = createApp(deps);
  const server = Bun.serve({ port: config.port, hostname: config.host, fetch: app.fetch, maxRequestBodySize: 64 * 1024 * 1024 });
  const port = server.port ?? config.port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    deps,
    async stop() {
      await server.stop(true);
      await db.destroy();
    },
  };
}
