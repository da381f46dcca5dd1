import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { databaseHandle, dialectOf } from "../../db/index.ts";
import { runningFfmpegCount } from "../../media/ffmpeg-job.ts";
import { VIEWER_TIMEOUT_MS } from "../channels/viewers.ts";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { DATABASE_TIMEOUT_MS, within } from "./health.ts";

/** Prometheus's text exposition format, version 0.0.4. */
export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** Upper bounds in seconds: Prometheus's defaults, from a cached answer (5 ms) to a slow upload (10 s). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Any other method is counted as OTHER, so a client cannot grow the label set at will. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const STATUS_CLASSES = ["", "1xx", "2xx", "3xx", "4xx", "5xx"] as const;

/** One label set's counts: per bucket (not cumulative, one increment per answer), cumulated when written. */
class LatencySeries {
  readonly counts = new Float64Array(LATENCY_BUCKETS.length);
  sum = 0;
  count = 0;

  observe(seconds: number): void {
    this.sum += seconds;
    this.count += 1;
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
      if (seconds <= LATENCY_BUCKETS[i]!) {
        this.counts[i]! += 1;
        return;
      }
    }
  }
}

/**
 * HTTP answer times by route pattern (`/api/stream/stream/:username`, never the address itself),
 * method and status class. Nested maps keyed by strings the request already holds: recording an
 * answer allocates nothing once its label set has been seen.
 */
class LatencyHistogram {
  private readonly series = new Map<string, Map<string, (LatencySeries | undefined)[]>>();

  observe(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    const knownMethod = METHODS.has(method) ? method : "OTHER";
    let byClass = byMethod.get(knownMethod);
    if (!byClass) byMethod.set(knownMethod, (byClass = []));
    const statusClass = Math.min(5, Math.max(1, Math.floor(status / 100)));
    (byClass[statusClass] ??= new LatencySeries()).observe(seconds);
  }

  write(out: Exposition, name: string): void {
    for (const [route, byMethod] of this.series) {
      for (const [method, byClass] of byMethod) {
        byClass.forEach((series, statusClass) => {
          if (!series) return;
          const labels = { route, method, status: STATUS_CLASSES[statusClass]! };
          let cumulative = 0;
          LATENCY_BUCKETS.forEach((bound, i) => {
            cumulative += series.counts[i]!;
            out.sample(`${name}_bucket`, cumulative, { ...labels, le: String(bound) });
          });
          out.sample(`${name}_bucket`, series.count, { ...labels, le: "+Inf" });
          out.sample(`${name}_sum`, series.sum, labels);
          out.sample(`${name}_count`, series.count, labels);
        });
      }
    }
  }
}

/** Writes the text format: a HELP and a TYPE line per family, then its samples. */
class Exposition {
  private readonly lines: string[] = [];

  family(name: string, type: "gauge" | "counter" | "histogram", help: string): this {
    this.lines.push(`# HELP ${name} ${help.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")}`, `# TYPE ${name} ${type}`);
    return this;
  }

  sample(name: string, value: number, labels: Record<string, string> = {}): this {
    const pairs = Object.entries(labels).map(([label, text]) => `${label}="${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`);
    this.lines.push(`${name}${pairs.length ? `{${pairs.join(",")}}` : ""} ${value}`);
    return this;
  }

  text(): string {
    return `${this.lines.join("\n")}\n`;
  }
}

export interface Metrics {
  /** Mounted first, on every path: times each answer until its headers are ready (a streamed body goes on after). */
  timeRequests: MiddlewareHandler<AppEnv>;
  render(): Promise<string>;
}

/** This node's metrics, counted from the moment the app is built. */
export function createMetrics(deps: AppDeps): Metrics {
  const http = new LatencyHistogram();
  let chatMessages = 0;
  // The bus is in-process: a message counts once, on the node that stored it (other nodes get it through socket.io's adapter).
  deps.bus.on("chat:message", () => {
    chatMessages += 1;
  });
  return {
    timeRequests: async (c, next) => {
      const started = performance.now();
      await next();
      // After next(), the route index points at the handler (or middleware) that answered.
      http.observe(routePath(c), c.req.method, c.res.status, (performance.now() - started) / 1000);
    },
    async render() {
      const out = new Exposition();
      out.family("arena_node_info", "gauge", "This node: its NODE_URL and database dialect (always 1).").sample("arena_node_info", 1, { node_url: deps.config.nodeUrl, database: dialectOf(deps.db) });
      await writeSiteGauges(out, deps);
      out.family("arena_chat_messages_total", "counter", "Chat messages stored by this node since it started.").sample("arena_chat_messages_total", chatMessages);
      out
        .family("arena_ffmpeg_jobs_running", "gauge", "Supervised ffmpeg jobs this node runs now: live remux and recording, restream relays, demo lives.")
        .sample("arena_ffmpeg_jobs_running", runningFfmpegCount());
      writeLadder(out, deps);
      writePool(out, deps);
      out.family("arena_http_request_duration_seconds", "histogram", "Time to answer an HTTP request on this node, by route pattern, method and status class.");
      http.write(out, "arena_http_request_duration_seconds");
      writeProcess(out);
      return out.text();
    },
  };
}

/** Lives and viewers are read from the database, so they are the whole site's: aggregate nodes with max(), not sum(). */
async function writeSiteGauges(out: Exposition, deps: AppDeps): Promise<void> {
  const site = await within(siteCounts(deps), DATABASE_TIMEOUT_MS).catch(() => "failed" as const);
  const answered = typeof site === "object";
  out.family("arena_database_up", "gauge", "Whether the database answered this scrape's queries.").sample("arena_database_up", answered ? 1 : 0);
  if (!answered) return;
  out.family("arena_lives_in_progress", "gauge", "Channels live now, site-wide (every node reports the same number).").sample("arena_lives_in_progress", site.lives);
  out.family("arena_viewers", "gauge", "Viewers counted on live channels now, site-wide (every node reports the same number).").sample("arena_viewers", site.viewers);
}

async function siteCounts(deps: AppDeps): Promise<{ lives: number; viewers: number }> {
  const [lives, viewers] = await Promise.all([
    deps.db
      .selectFrom("channel")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("is_live", "=", 1)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("viewer_presence")
      .innerJoin("channel", "channel.id", "viewer_presence.channel_id")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("channel.is_live", "=", 1)
      .where("viewer_presence.last_seen_at", ">", deps.now() - VIEWER_TIMEOUT_MS)
      .executeTakeFirstOrThrow(),
  ]);
  return { lives: Number(lives.count), viewers: Number(viewers.count) };
}

/** LIVE_LADDER's measured cost and this machine's capacity, once measured (nothing when the ladder is off). */
function writeLadder(out: Exposition, deps: AppDeps): void {
  const ladder = deps.live?.ladderStatus();
  if (ladder?.capacity == null || ladder.cpuPerLive === null) return;
  out.family("arena_ladder_cpu_per_live", "gauge", "Cores one live's quality ladder takes on this node (a 1080p30 source), measured at start.").sample("arena_ladder_cpu_per_live", ladder.cpuPerLive);
  out
    .family("arena_ladder_capacity_lives", "gauge", "Lives this node can transcode at once with its quality ladder: its cores over the cost of one.")
    .sample("arena_ladder_capacity_lives", ladder.capacity);
}

/** PostgreSQL's connection pool; SQLite has one in-process connection and no pool (arena_node_info says which). */
function writePool(out: Exposition, deps: AppDeps): void {
  const handle = databaseHandle(deps.db);
  if (handle.dialect !== "postgres") return;
  const { pool } = handle;
  out.family("arena_database_pool_connections", "gauge", "PostgreSQL connections this node holds open, busy or idle.").sample("arena_database_pool_connections", pool.totalCount);
  out.family("arena_database_pool_idle_connections", "gauge", "PostgreSQL connections open and idle.").sample("arena_database_pool_idle_connections", pool.idleCount);
  out.family("arena_database_pool_waiting_queries", "gauge", "Queries waiting for a free PostgreSQL connection.").sample("arena_database_pool_waiting_queries", pool.waitingCount);
  out.family("arena_database_pool_max_connections", "gauge", "The pool's size (DATABASE_POOL_SIZE).").sample("arena_database_pool_max_connections", pool.options.max ?? 10);
}

function writeProcess(out: Exposition): void {
  const uptime = process.uptime();
  out.family("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.").sample("process_resident_memory_bytes", process.memoryUsage.rss());
  out.family("process_start_time_seconds", "gauge", "Start time of the process since the Unix epoch, in seconds.").sample("process_start_time_seconds", Math.round(Date.now() / 1000 - uptime));
  out.family("arena_uptime_seconds", "gauge", "Seconds since this process started.").sample("arena_uptime_seconds", Math.round(uptime));
}

type MetricsAccess = "granted" | "token_required" | "local_only" | "token_behind_proxy";

/**
 * Who may read /metrics: a caller with the right METRICS_TOKEN as a Bearer header, from anywhere;
 * else only this machine, judged by the socket's address (a header like X-Forwarded-For could be forged).
 * Behind a proxy (TRUST_PROXY) the socket's address is no proof: a proxy on this machine makes every
 * visitor's request come from loopback, so only the token opens it.
 */
export function metricsAccess(token: string | undefined, authorization: string | undefined, peerAddress: string | undefined, behindProxy: boolean): MetricsAccess {
  const offered = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (token && offered && sameSecret(offered, token)) return "granted";
  if (!behindProxy && peerAddress && isLoopback(peerAddress)) return "granted";
  if (token) return "token_required";
  return behindProxy ? "token_behind_proxy" : "local_only";
}

function isLoopback(address: string): boolean {
  return address === "::1" || /^(::ffff:)?127\.\d+\.\d+\.\d+$/i.test(address);
}

/** Compares digests, so neither the time taken nor a length check tells how much of the token was right. */
function sameSecret(offered: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(offered), digest(expected));
}
