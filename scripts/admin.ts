// Creates (or promotes) an admin account on this server's database.
// Usage: bun scripts/admin.ts create --username NAME --email ADDRESS --password SECRET
// Missing values are asked for when run in a terminal. DATA_DIR selects the database, as for the server.
import { parseArgs } from "node:util";
import { openDatabase, redactPassword } from "../db/index.ts";
import { openSignals } from "../db/signals.ts";
import { adminProblems, ensureAdmin } from "../server/auth/admin.ts";
import { ConfigError, databaseTarget, loadConfig } from "../server/config.ts";
import { createMailer } from "../server/mail/mailer.ts";
import { EventBus } from "../server/realtime/bus.ts";
import { placeKinds } from "../server/places.ts";

const { values, positionals } = parseArgs({
  args: Bun.argv.slice(2),
  options: { username: { type: "string" }, email: { type: "string" }, password: { type: "string" } },
  allowPositionals: true,
});

if (positionals[0] !== "create") {
  console.error("Usage: bun scripts/admin.ts create --username NAME --email ADDRESS --password SECRET");
  process.exit(2);
}

function ask(label: string, given: string | undefined): string {
  if (given) return given;
  if (!process.stdin.isTTY) {
    console.error(`Missing --${label}`);
    process.exit(2);
  }
  return prompt(`${label}:`)?.trim() ?? "";
}

try {
  const config = loadConfig();
  const admin = { username: ask("username", values.username), email: ask("email", values.email), password: ask("password", values.password) };
  const problems = adminProblems(admin);
  if (problems.length) {
    console.error(`Cannot create the admin:\n  ${problems.join("\n  ")}`);
    process.exit(2);
  }
  const db = await openDatabase(databaseTarget(config));
  const signals = await openSignals(db);
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir: config.dataDir });
  await ensureAdmin({ db, config, mailer, now: Date.now, bus: new EventBus(), signals, places: placeKinds() }, (line) => console.log(line), admin);
  console.log(`${admin.username} is an admin of the server whose data is in ${config.databaseUrl ? redactPassword(config.databaseUrl) : config.dataDir}`);
  await signals.close();
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Cannot create the admin: ${(error as Error).message}`);
  process.exit(1);
}
