// Arena's side of bench/chat: accounts written straight into a fresh database before the server
// starts (signup over HTTP is rate-limited per address), then logged in over HTTP like a browser.
import { join } from "node:path";
import { openDatabase } from "../../db/index.ts";
import { openSignals } from "../../db/signals.ts";
import { hashPassword } from "../../server/auth/password.ts";
import { insertUser } from "../../server/auth/service.ts";
import { initChannel } from "../../server/channels/service.ts";
import { loadConfig } from "../../server/config.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import { EventBus } from "../../server/realtime/bus.ts";
import { placeKinds } from "../../server/places.ts";

const PASSWORD = "bench-chat-password";

export interface Account {
  username: string;
  password: string;
}

/** One streamer (who owns the channel) and `writers` viewers allowed to chat, in DATA_DIR's arena.db or in `database` (a postgres:// address). */
export async function seedAccounts(dataDir: string, writers: number, database = join(dataDir, "arena.db")): Promise<{ streamer: Account; writers: Account[] }> {
  const config = loadConfig({ DATA_DIR: dataDir, RTMP_PORT: "0", LOG_LEVEL: "error" });
  const db = await openDatabase(database);
  const signals = await openSignals(db);
  const deps = { db, config, mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir, log: () => undefined }), now: Date.now, bus: new EventBus(), signals, places: placeKinds() };
  try {
    // One argon2 hash for every account: hashing is deliberately slow, and the accounts need no secrecy.
    const passwordHash = await hashPassword(PASSWORD);
    const add = (username: string) => insertUser(deps, { username, email: `${username}@bench.local`, passwordHash, emailVerified: true });
    const streamer = await add("bench_streamer");
    await initChannel(deps, streamer);
    const names = Array.from({ length: writers }, (_, i) => `bench_writer_${i + 1}`);
    for (const name of names) await add(name);
    return { streamer: { username: streamer.username, password: PASSWORD }, writers: names.map((username) => ({ username, password: PASSWORD })) };
  } finally {
    await signals.close();
    await db.destroy();
  }
}

/** POST /api/auth/login; returns the `arena_session=…` cookie pair to send in the socket.io handshake. */
export async function login(baseUrl: string, account: Account): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: account.username, password: account.password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("arena_session="));
  if (!res.ok || !cookie) throw new Error(`login of ${account.username} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** The streamer's channelArn (GET /api/stream/mychannelinfo): the streamID chat clients join. */
export async function channelArn(baseUrl: string, cookie: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/stream/mychannelinfo`, { headers: { cookie } });
  const body = (await res.json()) as { channelArn?: string };
  if (!res.ok || !body.channelArn) throw new Error(`mychannelinfo: ${res.status} ${JSON.stringify(body)}`);
  return body.channelArn;
}
