import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { composeSite, renderNginxConfig } from "../deploy/nginx-config.ts";
import { portOutsideEphemeralRange } from "../media/ports.ts";

/**
 * deploy/: no container engine runs here, so the compose file is checked as data (it parses, and its
 * services agree with the nginx template and the Dockerfile), and the nginx template by nginx itself.
 * The same topology runs for real in tests/cluster.test.ts.
 */
const root = join(import.meta.dir, "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, unknown> | string[];
}

const compose = Bun.YAML.parse(read("deploy/compose.yaml")) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
const nodeNames = composeSite.nodes.map((node) => node.web.split(":")[0]!);

describe("deploy/", () => {
  test("deploy/nginx.conf is the template's output for the compose services (bun deploy/nginx-config.ts > deploy/nginx.conf)", () => {
    expect(read("deploy/nginx.conf")).toBe(renderNginxConfig(composeSite));
  });

  test("compose: PostgreSQL, the template's nodes built from the Dockerfile, nginx with the generated config", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["nginx", "postgres", ...nodeNames].sort());
    const dockerfile = read("Dockerfile");
    for (const [index, name] of nodeNames.entries()) {
      const node = compose.services[name]!;
      const env = node.environment!;
      expect(node.build).toEqual({ context: "..", dockerfile: "Dockerfile" });
      // The ports the template sends to are the image's.
      const [webPort, rtmpPort] = [composeSite.nodes[index]!.web, composeSite.nodes[index]!.rtmp].map((address) => address.split(":")[1]);
      expect(dockerfile).toContain(`PORT=${webPort} RTMP_PORT=${rtmpPort}`);
      expect(env.NODE_URL).toBe(`http://${composeSite.nodes[index]!.web}`);
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/arena:[^@]+@postgres:5432\/arena$/);
      expect(env.MEDIA_DIR).toBe("/media");
      expect(node.volumes).toEqual([`${name}-data:/data`, "media:/media"]);
    }
    // Everything but the node's own address and data volume is the same on every node.
    const shared = nodeNames.map((name) => {
      const { NODE_URL: _, ...rest } = compose.services[name]!.environment!;
      return rest;
    });
    for (const env of shared) expect(env).toEqual(shared[0]!);
    expect(compose.services.nginx!.volumes).toEqual(["./nginx.conf:/etc/nginx/nginx.conf:ro"]);
    expect(compose.services.nginx!.ports).toEqual([`\${ARENA_HTTP_PORT:-8080}:${composeSite.webListen}`, `\${ARENA_RTMP_PORT:-1935}:${composeSite.rtmpListen}`]);
    expect(Object.keys(compose.volumes).sort()).toEqual(["media", "postgres", ...nodeNames.map((name) => `${name}-data`)].sort());
  });

  test.skipIf(!existsSync("/usr/sbin/nginx"))("nginx accepts the template (nginx -t, loopback nodes; skipped where nginx is not installed)", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "arena-nginx-check-"));
    try {
      chmodSync(stateDir, 0o755);
      const config = join(stateDir, "nginx.conf");
      // Debian's nginx loads RTMP's stream module from a separate package; without it, the check leaves RTMP out.
      const streamModule = "/usr/lib/nginx/modules/ngx_stream_module.so";
      const withStream = existsSync(streamModule);
      // nginx -t binds nothing, but wants real port numbers.
      const port = () => `127.0.0.1:${portOutsideEphemeralRange()}`;
      const loopback = composeSite.nodes.map(() => ({ web: port(), rtmp: port() }));
      writeFileSync(
        config,
        renderNginxConfig({
          nodes: loopback,
          webListen: port(),
          accessLog: join(stateDir, "access.log"),
          rtmpListen: withStream ? port() : undefined,
          stateDir,
          streamModule: withStream ? streamModule : undefined,
        }),
      );
      const check = Bun.spawn(["/usr/sbin/nginx", "-t", "-p", stateDir, "-c", config], { stdout: "pipe", stderr: "pipe" });
      const [code, output] = await Promise.all([check.exited, new Response(check.stderr).text()]);
      expect({ code, output }).toMatchObject({ code: 0, output: expect.stringContaining("syntax is ok") });
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
