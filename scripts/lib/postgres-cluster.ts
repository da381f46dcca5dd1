import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { portOutsideEphemeralRange } from "../../media/ports.ts";

export interface PostgresCluster {
  /** postgres://arena@127.0.0.1:PORT/postgres: a superuser on the maintenance database. */
  url: string;
  port: number;
  /** The processor time of the server and of every backend it has ended so far, in seconds (Linux; else undefined). */
  cpuSeconds(): number | undefined;
  stop(): Promise<void>;
}

/**
 * A throw-away PostgreSQL of Debian's package, for tests and benches: initdb in a temporary folder,
 * one free loopback port, trust authentication for the `arena` superuser, stopped and deleted by
 * stop(). PostgreSQL refuses to run as root, so under root it runs as the package's `postgres` user.
 * `durable: false` (tests) turns off fsync: a crash loses the cluster, which is thrown away anyway.
 */
export async function startPostgresCluster(options: { durable?: boolean; maxConnections?: number } = {}): Promise<PostgresCluster> {
  const bin = postgresBinaries();
  const folder = mkdtempSync(join(tmpdir(), "arena-pg-"));
  const data = join(folder, "data");
  const asOwner = ownerOf(folder);
  await run([...asOwner, join(bin, "initdb"), "-D", data, "-A", "trust", "-U", "arena", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"], "initdb");
  const settings = [
    "-c listen_addresses=127.0.0.1",
    `-k ${folder}`,
    `-c max_connections=${options.maxConnections ?? 300}`,
    ...(options.durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
  ];
  for (let attempt = 1; ; attempt++) {
    const port = portOutsideEphemeralRange();
    try {
      await run([...asOwner, join(bin, "pg_ctl"), "-D", data, "-w", "-t", "30", "-l", join(folder, "log"), "-o", `-p ${port} ${settings.join(" ")}`, "start"], "pg_ctl start");
      return {
        url: `postgres://arena@127.0.0.1:${port}/postgres`,
        port,
        cpuSeconds: () => processorSeconds(data),
        async stop() {
          await run([...asOwner, join(bin, "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop"], "pg_ctl stop").catch(() => undefined);
          rmSync(folder, { recursive: true, force: true });
        },
      };
    } catch (error) {
      const log = existsSync(join(folder, "log")) ? readFileSync(join(folder, "log"), "utf8") : "";
      if (attempt < 5 && /could not bind|in use/i.test(log)) continue;
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log.slice(-2000)}`);
    }
  }
}

/** The newest installed major version's programs (initdb and pg_ctl are not on PATH on Debian). */
function postgresBinaries(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, "bin", "initdb"))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("PostgreSQL's server is not installed: apt-get install -y postgresql");
  return join(root, newest, "bin");
}

/** The command prefix that runs PostgreSQL's programs as a user it accepts, after giving that user the folder. */
function ownerOf(folder: string): string[] {
  if (process.getuid?.() !== 0) return [];
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  if (!line) throw new Error("PostgreSQL does not run as root, and the `postgres` user that Debian's package creates is missing.");
  const [, , uid, gid] = line.split(":");
  chownSync(folder, Number(uid), Number(gid));
  return ["runuser", "-u", "postgres", "--"];
}

/**
 * The postmaster's own time and its ended children's (fields 14–17 of /proc/PID/stat, in clock ticks of 1/100 s):
 * each connection's backend is a child it reaps, so this is the cluster's work but for the backends still open.
 */
function processorSeconds(data: string): number | undefined {
  try {
    const pid = readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0];
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return undefined;
  }
}

async function run(command: string[], what: string): Promise<void> {
  const child = Bun.spawn(command, { stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  if (code !== 0) throw new Error(`${what} exited with ${code}: ${(err || out).trim().slice(-1000)}`);
}
