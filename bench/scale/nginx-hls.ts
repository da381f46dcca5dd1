// The two nginx of the viewers series, on free loopback ports, configured in the run's temp dir:
// - a plain nginx serving Arena's own live folder (the same playlist and segment files Arena serves,
//   written by Arena's remuxer), the reference for what serving HLS files costs;
// - nginx in front of Arena with deploy/nginx-config.ts's configuration (proxy_cache for segments,
//   playlists passed through), what an operator's cache in front changes.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderNginxConfig } from "../../deploy/nginx-config.ts";
import { freePortOutsideEphemeralRange } from "../../media/ports.ts";

interface RunningNginx {
  pid: number;
  url: string;
  version: string;
  log: () => string;
}

const NGINX = "/usr/sbin/nginx";

function nginxVersion(): string {
  return Bun.spawnSync([NGINX, "-v"])
    .stderr.toString()
    .trim()
    .replace(/^nginx version: /, "");
}

/** `liveDir`: DATA_DIR/live of the Arena under test; served at /live/, as Arena serves it. */
export async function startNginxStatic(dir: string, liveDir: string, started: Set<number>): Promise<RunningNginx> {
  mkdirSync(dir, { recursive: true });
  const port = await freePortOutsideEphemeralRange();
  // Debian's shipped nginx.conf turns sendfile on; the rest are nginx's defaults. Root reads Arena's 0700 temp dir.
  const conf = `daemon off;
master_process on;
worker_processes 1;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { application/vnd.apple.mpegurl m3u8; video/mp2t ts; }
  server {
    listen 127.0.0.1:${port};
    location /live/ { alias ${liveDir}/; }
  }
}
`;
  return start(dir, conf, port, `nginx ${nginxVersion()}, one worker, a plain location over Arena's live folder`, started);
}

/** deploy/nginx-config.ts with Arena as its only node: segments from proxy_cache, playlists from Arena. */
export async function startNginxCache(dir: string, arenaUrl: string, started: Set<number>): Promise<RunningNginx> {
  mkdirSync(dir, { recursive: true });
  const port = await freePortOutsideEphemeralRange();
  const site = renderNginxConfig({ nodes: [{ web: new URL(arenaUrl).host, rtmp: "127.0.0.1:1935" }], webListen: `127.0.0.1:${port}`, stateDir: dir, accessLog: "off" });
  // Its workers would run as nobody, who cannot enter the run's 0700 temp dir to keep the cache.
  const conf = `user root;\ndaemon off;\n${site}`;
  return start(dir, conf, port, `nginx ${nginxVersion()} with deploy/nginx-config.ts (worker_processes auto, proxy_cache for segments)`, started);
}

/** `started`: the caller's pids to stop; nginx is in it from its spawn. */
async function start(dir: string, conf: string, port: number, version: string, started: Set<number>): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error("nginx is missing: apt-get install nginx (scripts/bench-live installs it)");
  writeFileSync(join(dir, "nginx.conf"), conf);
  const proc = Bun.spawn([NGINX, "-p", dir, "-e", join(dir, "error.log"), "-c", join(dir, "nginx.conf")], { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  started.add(proc.pid);
  let text = "";
  for (const stream of [proc.stdout, proc.stderr]) {
    void (async () => {
      for await (const chunk of stream) text = (text + new TextDecoder().decode(chunk)).slice(-4000);
    })().catch(() => undefined);
  }
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited (${proc.exitCode}): ${text}`);
    const answered = await fetch(`${url}/`)
      .then(async (res) => void (await res.body?.cancel()))
      .then(() => true)
      .catch(() => false);
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${port}: ${text}`);
    await Bun.sleep(100);
  }
  return { pid: proc.pid, url, version, log: () => text };
}
