import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

try {
  const config = loadConfig();
  const server = await startServer(config);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests and closing the database…`);
    await server.stop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // Announced only once a stop signal is handled: whoever waits for this line may send one at once.
  console.log(`Arena is running on ${config.publicUrl} (listening on ${config.host}:${server.port}, data in ${config.dataDir})`);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  // A taken port and the like: one line that says what to change, not a stack trace.
  console.error(`Arena could not start: ${(error as Error).message}`);
  process.exit(1);
}
