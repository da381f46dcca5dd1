// The two references the bench compares Arena with, each started in its own process on free
// loopback ports, with its configuration generated into the run's temp dir:
// - nginx with Debian's RTMP module (libnginx-mod-rtmp): RTMP ingest and 1 s HLS fragments;
// - node-media-server standalone (its own bin/app.js, the version Arena embeds): RTMP ingest and HTTP-FLV.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePortOutsideEphemeralRange } from "../../media/ports.ts";

export interface Reference {
  name: string;
  pid: number;
  /** Where the publisher pushes. */
  ingestUrl: string;
  /** Low-latency relay read by ffmpeg: HTTP-FLV, or RTMP for nginx (it has no HTTP-FLV). */
  relayUrl: string;
  relayKind: "flv" | "rtmp";
  hlsUrl?: string;
  /** An HTTP origin on the same server, so a page there may fetch the media without CORS. */
  httpOrigin: string;
  version: string;
  log: () => string;
  /** The same addresses for another stream name: several lives at once (bench/scale). */
  stream(name: string): StreamUrls;
}

type StreamUrls = Pick<Reference, "ingestUrl" | "relayUrl" | "hlsUrl">;

const ROOT = join(import.meta.dir, "../..");
const STREAM = "bench";

function capture(proc: Subprocess<"ignore", "pipe", "pipe">) {
  let text = "";
  for (const stream of [proc.stdout, proc.stderr]) {
    void (async () => {
      for await (const chunk of stream) text = (text + new TextDecoder().decode(chunk)).slice(-8000);
    })().catch(() => undefined);
  }
  return () => text;
}

async function waitForPort(port: number, proc: Subprocess, what: string, log: () => string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${what} exited (${proc.exitCode}): ${log()}`);
    const ok = await Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        data() {},
        open(s) {
          s.end();
        },
      },
    })
      .then(() => true)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port}: ${log()}`);
    await Bun.sleep(100);
  }
}

function nginxRtmpModule(): string | undefined {
  return ["/usr/lib/nginx/modules/ngx_rtmp_module.so", "/usr/share/nginx/modules/ngx_rtmp_module.so"].find((p) => existsSync(p));
}

export async function startNginx(tempDir: string): Promise<Reference> {
  const module = nginxRtmpModule();
  const nginx = ["/usr/sbin/nginx", Bun.which("nginx")].find((p) => p && existsSync(p));
  if (!module || !nginx) throw new Error("nginx or its RTMP module is missing: apt-get install nginx libnginx-mod-rtmp (scripts/bench-live does)");
  const dir = join(tempDir, "nginx");
  const hls = join(dir, "hls");
  mkdirSync(hls, { recursive: true });
  const [rtmpPort, httpPort] = [await freePortOutsideEphemeralRange(), await freePortOutsideEphemeralRange()];
  const conf = `load_module ${module};
daemon off;
master_process on;
worker_processes 1;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
rtmp {
  server {
    listen 127.0.0.1:${rtmpPort};
    chunk_size 4096;
    application live {
      live on;
      record off;
      hls on;
      hls_path ${hls};
      hls_fragment 1s;
      hls_playlist_length 6s;
    }
  }
}
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { application/vnd.apple.mpegurl m3u8; video/mp2t ts; text/html html; }
  server {
    listen 127.0.0.1:${httpPort};
    location /hls/ { alias ${hls}/; add_header Cache-Control no-cache; }
  }
}
`;
  writeFileSync(join(dir, "nginx.conf"), conf);
  const version = Bun.spawnSync([nginx, "-v"])
    .stderr.toString()
    .trim()
    .replace(/^nginx version: /, "");
  const proc = Bun.spawn([nginx, "-p", dir, "-e", join(dir, "error.log"), "-c", join(dir, "nginx.conf")], { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const log = capture(proc);
  await waitForPort(rtmpPort, proc, "nginx", log);
  await waitForPort(httpPort, proc, "nginx", log);
  const stream = (name: string): StreamUrls => ({
    ingestUrl: `rtmp://127.0.0.1:${rtmpPort}/live/${name}`,
    relayUrl: `rtmp://127.0.0.1:${rtmpPort}/live/${name}`,
    hlsUrl: `http://127.0.0.1:${httpPort}/hls/${name}.m3u8`,
  });
  return {
    name: "nginx-rtmp",
    pid: proc.pid,
    ...stream(STREAM),
    stream,
    relayKind: "rtmp",
    httpOrigin: `http://127.0.0.1:${httpPort}`,
    version: `nginx ${version} + libnginx-mod-rtmp`,
    log,
  };
}

/** node-media-server's own command line, under the same runtime as Arena (Bun), media only. */
export async function startNodeMediaServer(tempDir: string): Promise<Reference> {
  const dir = join(tempDir, "nms");
  mkdirSync(dir, { recursive: true });
  const [rtmpPort, httpPort] = [await freePortOutsideEphemeralRange(), await freePortOutsideEphemeralRange()];
  const config = {
    bind: "127.0.0.1",
    notify: { url: "" },
    store: { path: "./data", maxHistory: 100 },
    // A fixed secret so its first run does not rewrite the file; play and publish stay open.
    auth: { play: false, publish: false, secret: "bench-secret-not-used" },
    rtmp: { port: rtmpPort },
    http: { port: httpPort },
    webadmin: { enable: false },
    record: { auto: false, path: "./record" },
  };
  writeFileSync(join(dir, "config.json"), JSON.stringify(config, null, 2));
  const app = join(ROOT, "node_modules/node-media-server/bin/app.js");
  const pkg = (await Bun.file(join(ROOT, "node_modules/node-media-server/package.json")).json()) as { version: string };
  const proc = Bun.spawn([process.execPath, app, "--config", join(dir, "config.json"), "--no-admin"], { cwd: dir, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const log = capture(proc);
  await waitForPort(rtmpPort, proc, "node-media-server", log);
  await waitForPort(httpPort, proc, "node-media-server", log);
  const stream = (name: string): StreamUrls => ({ ingestUrl: `rtmp://127.0.0.1:${rtmpPort}/live/${name}`, relayUrl: `http://127.0.0.1:${httpPort}/live/${name}.flv` });
  return {
    name: "node-media-server",
    pid: proc.pid,
    ...stream(STREAM),
    stream,
    relayKind: "flv",
    httpOrigin: `http://127.0.0.1:${httpPort}`,
    version: `node-media-server ${pkg.version} standalone under Bun ${Bun.version}`,
    log,
  };
}
