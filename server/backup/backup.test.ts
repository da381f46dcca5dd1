import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, truncateSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Socket } from "socket.io-client";
import { recordingParts } from "../../media/live-outputs.ts";
import { probe } from "../../media/probe.ts";
import { createEmptyTestDatabase, testDatabaseIsPostgres } from "../../tests/fixtures/database.ts";
import { ADMIN_ENV, adminBrowserOf, auditLedger, balanceOf, fundedUser, publishedEvent } from "../../tests/fixtures/money.ts";
import { publishTestStream, waitFor } from "../../tests/fixtures/publisher.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { connect } from "../../tests/fixtures/sockets.ts";

const ROOT = join(import.meta.dir, "../..");
let server: TestServer;
const folders: string[] = [];
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { ingest: true });
});
afterAll(async () => {
  await server.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function newFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "arena-backup-test-"));
  folders.push(folder);
  return folder;
}

/** Runs scripts/backup.ts or scripts/restore.ts as an operator does, in its own process. */
async function script(name: "backup" | "restore", args: string[], env: Record<string, string>) {
  const proc = Bun.spawn([process.execPath, `scripts/${name}.ts`, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env }, stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { code, output: out + err };
}

const serverEnv = () => ({ DATA_DIR: server.dataDir, ...(testDatabaseIsPostgres() ? { DATABASE_URL: server.deps.config.databaseUrl! } : {}) });

async function streamer(title: string) {
  const user = await signedInUser(server);
  const start = await user.browser.post("/api/stream/startstreaming", { title, gameId: 1, tags: [] });
  expect(start.status).toBe(200);
  return { ...user, ingest: `rtmp://127.0.0.1:${server.rtmpPort}/live/${start.body.streamKey}` };
}

/** A chat writer that says something every 100 ms until stopped: the database is being written while the backup runs. */
async function chatter(): Promise<{ stop(): Promise<number> }> {
  const owner = await signedInUser(server);
  await owner.browser.post("/api/stream/mychannel/init");
  const streamID = (await owner.browser.get("/api/stream/mychannelinfo")).body.channelArn as string;
  const socket: Socket = await connect(server.url, "/writechat", { cookie: `arena_session=${owner.browser.cookies.get("arena_session")}` });
  await socket.emitWithAck("join", streamID);
  let said = 0;
  let going = true;
  const talking = (async () => {
    while (going) {
      const answer = await socket.emitWithAck("message", { message: `message ${said}`, streamID });
      if (answer?.ok !== false) said++;
      await Bun.sleep(100);
    }
  })();
  return {
    async stop() {
      going = false;
      await talking;
      socket.disconnect();
      return said;
    },
  };
}

describe("backups", () => {
  it("backs up a running Arena during a live and a chat, and the restored copy starts with its money, members and replays", async () => {
    // Money moved: credits, an event paid for, a ticket bought.
    const admin = await adminBrowserOf(server);
    const organiser = await fundedUser(server, admin, 200);
    const event = await publishedEvent(organiser);
    const buyer = await fundedUser(server, admin, 500);
    expect((await buyer.browser.post("/api/tickets/purchase", { userId: buyer.user.id, eventId: event.id, ticketType: "match" })).status).toBe(201);
    const balances = { organiser: await balanceOf(organiser), buyer: await balanceOf(buyer) };

    // A finished live, with its replay.
    const earlier = await streamer("Avant la sauvegarde");
    const firstReplay = server.deps.bus.next("replay:ready");
    expect(await publishTestStream(earlier.ingest, { seconds: 4 }).exited).toBe(0);
    const { replayId } = await firstReplay;

    // A live being recorded and a chat being written while the backup is taken.
    const current = await streamer("Pendant la sauvegarde");
    const started = server.deps.bus.next("stream:started", (e) => e.username === current.account.username);
    const publisher = publishTestStream(current.ingest, { seconds: 60 });
    await started;
    const chat = await chatter();
    const session = await server.deps.db.selectFrom("live_session").select("recording_dir").where("ended_at", "is", null).executeTakeFirstOrThrow();
    await waitFor("bytes of the live recorded on disk", () => recordingParts(session.recording_dir).length > 0, 20_000, 200);
    const archive = join(newFolder(), "arena.tar");
    const backup = await script("backup", ["--out", archive], serverEnv());
    expect(backup.output).toContain("Backup written");
    expect(backup.code).toBe(0);
    // It holds the secret and the ticket key: its owner alone reads it (issue 34, item 19).
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const said = await chat.stop();
    publisher.kill();
    await publisher.exited;
    expect(said).toBeGreaterThan(0);

    // Restored into an empty folder (and an empty PostgreSQL database), then started.
    const restoredDir = newFolder();
    const database = await createEmptyTestDatabase(restoredDir);
    try {
      const restoreEnv = { DATA_DIR: restoredDir, ...(testDatabaseIsPostgres() ? { DATABASE_URL: database.target } : {}) };
      const restore = await script("restore", [archive], restoreEnv);
      expect(restore.output).toContain("Restored the backup");
      expect(restore.code).toBe(0);
      const restored = await startTestServer(testDatabaseIsPostgres() ? { DATABASE_URL: database.target } : {}, { dataDir: restoredDir, database, ingest: true });
      try {
        await auditLedger(restored.deps.db);
        const login = await new Browser(restored.url).post("/api/auth/login", { login: buyer.account.username, password: buyer.account.password });
        expect(login.status).toBe(200);
        const wallets = await restored.deps.db.selectFrom("wallet").select(["user_id", "balance"]).where("user_id", "in", [organiser.user.id, buyer.user.id]).execute();
        expect(Object.fromEntries(wallets.map((w) => [w.user_id === organiser.user.id ? "organiser" : "buyer", w.balance]))).toEqual(balances);
        // The replay made before the backup plays from the restored files.
        const replay = (await new Browser(restored.url).get(`/api/stream/replays/${replayId}`)).body.replay;
        const media = await probe(`${restored.url}/recordings/${replay.filePath}`);
        expect(media.streams.some((s) => s.codec_type === "video")).toBe(true);
        // The live cut by the backup ends at the restored start, and what it had recorded becomes a replay.
        const recovered = await waitFor(
          "the interrupted live's replay",
          async () =>
            (await restored.deps.db.selectFrom("replay").select(["status", "file_path"]).where("title", "=", "Pendant la sauvegarde").where("status", "=", "ready").executeTakeFirst())?.file_path,
          20_000,
          250,
        );
        expect((await probe(`${restored.url}/recordings/${recovered}`)).streams.some((s) => s.codec_type === "video")).toBe(true);
        const messages = await restored.deps.db.selectFrom("chat_message").select("id").execute();
        expect(messages.length).toBeGreaterThan(0);
        expect(messages.length).toBeLessThanOrEqual(said);
      } finally {
        await restored.stop();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);

  it("refuses to restore into a folder that is not empty, a cut-short archive or a damaged one, and leaves the folder empty", async () => {
    const archive = join(newFolder(), "arena.tar");
    expect((await script("backup", ["--out", archive], serverEnv())).code).toBe(0);

    const busy = newFolder();
    writeFileSync(join(busy, "notes.txt"), "keep me");
    const refused = await script("restore", [archive], { DATA_DIR: busy });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("is not empty");
    expect(readdirSync(busy)).toEqual(["notes.txt"]);

    if (testDatabaseIsPostgres()) return; // the archive holds a PostgreSQL dump: the rest needs an empty database per try, as above
    const cut = join(newFolder(), "cut.tar");
    writeFileSync(cut, new Uint8Array(await Bun.file(archive).arrayBuffer()));
    truncateSync(cut, Math.floor(statSync(cut).size / 2));
    const empty = newFolder();
    const shortRestore = await script("restore", [cut], { DATA_DIR: empty });
    expect(shortRestore.code).toBe(1);
    expect(readdirSync(empty)).toEqual([]);

    const damaged = join(newFolder(), "damaged.tar");
    const bytes = new Uint8Array(await Bun.file(archive).arrayBuffer());
    const at = Buffer.from(bytes).indexOf("SQLite format 3") + 200; // inside the database's bytes
    bytes[at] = bytes[at]! ^ 0xff;
    writeFileSync(damaged, bytes);
    const damagedRestore = await script("restore", [damaged], { DATA_DIR: empty });
    expect(damagedRestore.code).toBe(1);
    expect(readdirSync(empty)).toEqual([]);

    const wrong = join(newFolder(), "not-a-backup.tar");
    writeFileSync(wrong, "hello");
    const wrongRestore = await script("restore", [wrong], { DATA_DIR: empty });
    expect(wrongRestore.code).toBe(1);
    expect(readdirSync(empty)).toEqual([]);
  }, 60_000);
});
