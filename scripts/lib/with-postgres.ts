import { startPostgresCluster } from "./postgres-cluster.ts";

/**
 * Runs a command with a throw-away PostgreSQL cluster, named to it by ARENA_TEST_POSTGRES, and
 * stops the cluster when the command ends, whatever its outcome:
 *   bun scripts/lib/with-postgres.ts bun test server/
 */
const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("Usage: bun scripts/lib/with-postgres.ts COMMAND [ARGUMENTS…]");
  process.exit(2);
}

const cluster = await startPostgresCluster();
const child = Bun.spawn(command, { stdio: ["inherit", "inherit", "inherit"], env: { ...process.env, ARENA_TEST_POSTGRES: cluster.url } });
const stopChild = () => child.kill("SIGTERM");
process.on("SIGINT", stopChild);
process.on("SIGTERM", stopChild);
const code = await child.exited;
await cluster.stop();
process.exit(code);
