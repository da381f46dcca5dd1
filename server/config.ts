import { randomBytes } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { readOrCreateShared } from "./storage/files/shared-files.ts";
import { parseAllowedAddresses } from "./outbound/addresses.ts";

const flag = z
  .string()
  .optional()
  .transform((value) => value !== undefined && !["", "0", "false", "off", "no"].includes(value.trim().toLowerCase()));

/**
 * Which hops in front of Arena may name the client (TRUST_PROXY):
 * - none: the TCP peer is the client; X-Forwarded-For is ignored (the default);
 * - peer (`TRUST_PROXY=1`): the peer is one proxy, whatever its address, and the client is the address it saw;
 * - proxies (`TRUST_PROXY=10.0.0.0/8,127.0.0.1`): these addresses are proxies, however many stand in a row.
 */
export type ProxyTrust = { kind: "none" } | { kind: "peer" } | { kind: "proxies"; list: BlockList };

/** TRUST_PROXY's value; a string that is neither a switch nor a list of addresses is an error naming the bad entry. */
export function parseProxyTrust(value: string | undefined): ProxyTrust | { error: string } {
  const text = value?.trim().toLowerCase() ?? "";
  if (["", "0", "false", "off", "no"].includes(text)) return { kind: "none" };
  if (["1", "true", "on", "yes"].includes(text)) return { kind: "peer" };
  const list = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim())) {
    const [address = "", bits] = entry.split("/");
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 4 ? 32 : 128) : Number(bits);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
      return { error: `"${entry}" is not an address or a range (e.g. 10.0.0.0/8): TRUST_PROXY is 1, or the proxies' addresses separated by commas` };
    }
    list.addSubnet(address, prefix, family === 4 ? "ipv4" : "ipv6");
  }
  return { kind: "proxies", list };
}

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const optionalUrl = optionalText.pipe(z.url().optional());

/** Where the data lives: also read alone by scripts/restore.ts (storageConfig). */
const StorageEnv = {
  DATA_DIR: z.string().default("./data"),
  /** postgres://… switches from the SQLite file under DATA_DIR to PostgreSQL (several nodes share it). */
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
  ),
  /** Replays, uploads and generated pictures: a volume every node mounts. Default: DATA_DIR. */
  MEDIA_DIR: optionalText,
};

const OFF_WORDS = ["", "off", "0", "false", "no"];

/** A range of UDP ports ("min-max", above 1023), or undefined for "off". */
function parseUdpPortRange(name: string, value: string, ctx: z.RefinementCtx): [number, number] | undefined {
  const text = value.trim().toLowerCase();
  if (OFF_WORDS.includes(text)) return undefined;
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(text);
  const [min, max] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
  if (!(min >= 1024 && max <= 65535 && min <= max)) {
    ctx.addIssue({ code: "custom", message: `${name} must be "off" or a range of UDP ports such as "${name === "SRT_PORTS" ? "9000-9049" : "40000-40099"}"` });
    return z.NEVER;
  }
  return [min, max];
}

function udpPortRange(name: string, fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => parseUdpPortRange(name, value, ctx));
}

/** WEBRTC_UDP_PORT: "off", or one UDP port above 1023 (0: any free one, which tests use); unset: undefined. */
const webrtcUdpPort = optionalText.transform((value, ctx) => {
  if (value === undefined) return undefined;
  // Not "0", unlike the other switches: here it means any free port.
  if (["off", "false", "no"].includes(value.toLowerCase())) return "off" as const;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!(port === 0 || (port >= 1024 && port <= 65535))) {
    ctx.addIssue({ code: "custom", message: 'WEBRTC_UDP_PORT must be "off" or a UDP port such as 40000' });
    return z.NEVER;
  }
  return port;
});

/** WHIP_UDP_PORTS, the setting's name when each session took its own port: the range's first port is now the shared one. */
const legacyWhipUdpPorts = optionalText.transform((value, ctx) => (value === undefined ? undefined : (parseUdpPortRange("WHIP_UDP_PORTS", value, ctx)?.[0] ?? ("off" as const))));

const EnvSchema = z
  .object({
    PORT: port(3000),
    HOST: z.string().default("0.0.0.0"),
    RTMP_PORT: port(1935),
    MEDIA_INTERNAL_PORT: port(0),
    /** The one UDP port every WebRTC session (WHIP publishers, WHEP viewers) shares, or "off" (docs/decisions.md, "WHIP ingest"). */
    WEBRTC_UDP_PORT: webrtcUdpPort,
    WHIP_UDP_PORTS: legacyWhipUdpPorts,
    /** UDP ports of SRT ingest, one per channel that turns SRT on ("min-max"); off when unset (docs/decisions.md, "SRT ingest"). */
    SRT_PORTS: udpPortRange("SRT_PORTS", "off"),
    /** The addresses WebRTC sessions announce (comma-separated); default: every LAN address of the machine. WHIP_ADDRESSES: its former name. */
    WEBRTC_ADDRESSES: optionalText,
    WHIP_ADDRESSES: optionalText,
    ...StorageEnv,
    /** "off", or the renditions a live is transcoded to beside its source, e.g. "720p,480p,360p". */
    LIVE_LADDER: z
      .string()
      .default("off")
      .transform((value, ctx) => {
        const text = value.trim().toLowerCase();
        if (["", "off", "0", "false", "no"].includes(text)) return [];
        const heights = text.split(",").map((part) => Number(/^\s*(\d{3,4})p\s*$/.exec(part)?.[1] ?? Number.NaN));
        if (heights.some((height) => !Number.isInteger(height) || height < 144 || height > 2160 || height % 2 !== 0)) {
          ctx.addIssue({ code: "custom", message: 'LIVE_LADDER must be "off" or even heights from 144p to 2160p, such as "720p,480p,360p"' });
          return z.NEVER;
        }
        return [...new Set(heights)].sort((a, b) => b - a);
      }),
    /** How long the search box's answer to one term is kept and shared (server/search/answers.ts); 0 works every request out. */
    SEARCH_ANSWER_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** Connections each node keeps open to PostgreSQL. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
    /** The address other nodes reach this one on, to relay the lives it ingests. */
    NODE_URL: optionalUrl,
    /** redis://… carries socket.io between nodes through Redis instead of PostgreSQL. */
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")
        .optional(),
    ),
    /** Bearer token for /metrics from other hosts (without it, only loopback may read them). */
    METRICS_TOKEN: optionalText,
    /**
     * Addresses webhooks may call although internal (CIDR list, e.g. "127.0.0.1/32" for a bot on this machine): the
     * operator's choice, never the web console's. The node's own port stays refused on them.
     */
    ALLOWED_PRIVATE_ADDRESSES: optionalText.pipe(
      z
        .string()
        .optional()
        .refine((value) => {
          try {
            parseAllowedAddresses(value);
            return true;
          } catch {
            return false;
          }
        }, "ALLOWED_PRIVATE_ADDRESSES must be addresses or CIDR ranges separated by commas"),
    ),
    PUBLIC_URL: optionalUrl,
    SECRET: optionalText.pipe(z.string().min(32, "SECRET must be at least 32 characters").optional()),
    SMTP_URL: optionalText.pipe(
      z
        .url()
        .refine((u) => /^smtps?:/.test(u), "SMTP_URL must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: optionalText,
    CAPTCHA: flag,
    CAPTCHA_COMPLEXITY: z.coerce.number().int().min(1000).max(10_000_000).default(50_000),
    OAUTH_GOOGLE_CLIENT_ID: optionalText,
    OAUTH_GOOGLE_CLIENT_SECRET: optionalText,
    OAUTH_GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
    OAUTH_FACEBOOK_CLIENT_ID: optionalText,
    OAUTH_FACEBOOK_CLIENT_SECRET: optionalText,
    OAUTH_FACEBOOK_AUTH_URL: z.url().default("https://www.facebook.com/v19.0/dialog/oauth"),
    OAUTH_FACEBOOK_TOKEN_URL: z.url().default("https://graph.facebook.com/v19.0/oauth/access_token"),
    OAUTH_FACEBOOK_USERINFO_URL: z.url().default("https://graph.facebook.com/me?fields=id,name,email,first_name,last_name"),
    ADMIN_USERNAME: optionalText,
    ADMIN_EMAIL: optionalText,
    ADMIN_PASSWORD: optionalText,
    DEMO: flag,
    FEDERATION_ALLOW_HTTP: flag,
    RESTREAM_TWITCH_URL: z
      .string()
      .regex(/^rtmps?:\/\//, "must start with rtmp:// or rtmps://")
      .default("rtmp://live.twitch.tv/app"),
    RESTREAM_YOUTUBE_URL: z
      .string()
      .regex(/^rtmps?:\/\//, "must start with rtmp:// or rtmps://")
      .default("rtmp://a.rtmp.youtube.com/live2"),
    RESTREAM_FACEBOOK_URL: z
      .string()
      .regex(/^rtmps?:\/\//, "must start with rtmp:// or rtmps://")
      .default("rtmps://live-api-s.facebook.com:443/rtmp"),
    TRANSLATE_URL: optionalUrl,
    /** POST /api/translate calls per client address and minute (the web app itself makes at most 20). */
    TRANSLATE_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const trust = parseProxyTrust(value);
        if ("error" in trust) {
          ctx.addIssue({ code: "custom", message: trust.error });
          return z.NEVER;
        }
        return trust;
      }),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    ARENA_CLIENT_DIST: z.string().optional(),
  })
  .superRefine(
    (env, ctx) => {
      const set = (value: unknown) => typeof value === "string" && value.trim() !== "";
      const together = (names: (keyof typeof env)[]) => {
        const given = names.filter((name) => set(env[name]));
        if (given.length > 0 && given.length < names.length) {
          ctx.addIssue({ code: "custom", path: [names[0]!], message: `${names.slice(0, -1).join(", ")} and ${names.at(-1)} must be set together` });
        }
      };
      together(["OAUTH_GOOGLE_CLIENT_ID", "OAUTH_GOOGLE_CLIENT_SECRET"]);
      together(["OAUTH_FACEBOOK_CLIENT_ID", "OAUTH_FACEBOOK_CLIENT_SECRET"]);
      together(["ADMIN_USERNAME", "ADMIN_EMAIL", "ADMIN_PASSWORD"]);
    },
    // Run even when another variable is already wrong, so the operator sees every problem at once.
    { when: () => true },
  );

export type OAuthProviderName = "google" | "facebook";

export interface Config {
  port: number;
  host: string;
  rtmpPort: number;
  /** Loopback port of the media server's HTTP-FLV side (0: the system picks one). */
  mediaInternalPort: number;
  /** The UDP port all WebRTC sessions share (0: any free one); undefined: WHIP and WHEP off. */
  webrtcUdpPort: number | undefined;
  /** UDP ports given to channels that turn SRT ingest on; undefined: SRT off. */
  srtPorts: [number, number] | undefined;
  /** Addresses announced in WHIP and WHEP answers; empty: the machine's own (LAN) addresses. */
  webrtcAddresses: string[];
  /** The heights a live is transcoded to beside its source, highest first; empty: off (the source only). */
  liveLadder: number[];
  /** Milliseconds a search answer is shared by everyone asking the same term (0: never). */
  searchAnswerMs: number;
  dataDir: string;
  /** Where replays, uploads and pictures live; shared by every node (DATA_DIR on one machine). */
  mediaDir: string;
  /** PostgreSQL's address; undefined: the SQLite file under DATA_DIR. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** This node's own address for the other nodes (its public address on one machine). */
  nodeUrl: string;
  redisUrl: string | undefined;
  metricsToken: string | undefined;
  /** ALLOWED_PRIVATE_ADDRESSES, parsed (server/outbound/addresses.ts). */
  outboundAllowed: BlockList;
  publicUrl: string;
  secret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  captcha: { enabled: boolean; complexity: number };
  /** FEDERATION_ALLOW_HTTP, for tests only: the fediverse address may be http:// (two instances on loopback). */
  federationAllowsHttp: boolean;
  oauth: {
    google?: { clientId: string; clientSecret: string; issuer: string };
    facebook?: { clientId: string; clientSecret: string; authUrl: string; tokenUrl: string; userInfoUrl: string };
  };
  admin?: { username: string; email: string; password: string };
  demo: boolean;
  /** Ingest addresses of the platforms Arena restreams to; the stream key is appended. */
  restreamUrls: Record<"twitch" | "youtube" | "facebook", string>;
  /** A LibreTranslate-compatible address for texts the dictionaries do not hold. */
  translateUrl: string | undefined;
  translateRatePerMinute: number;
  /** Which hops in front of Arena may name the client (server/http/client-address.ts). */
  trustProxy: ProxyTrust;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** The built web app this server serves (ARENA_CLIENT_DIST; tests and parallel work give each server its own copy). */
  clientDist: string;
}

/** Where `vite build` writes the web app. */
export const DEFAULT_CLIENT_DIST = resolve(import.meta.dir, "../dist/client");

export class ConfigError extends Error {}

const DEFAULT_WEBRTC_UDP_PORT = 40000;

function onOrOff(port: number | "off"): number | undefined {
  return port === "off" ? undefined : port;
}

function configError(error: z.ZodError): ConfigError {
  const lines = error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
  return new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

/** Reads the environment into a typed config; throws a ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) throw configError(parsed.error);
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const mediaDir = e.MEDIA_DIR ? resolve(e.MEDIA_DIR) : dataDir;
  mkdirSync(mediaDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    rtmpPort: e.RTMP_PORT,
    mediaInternalPort: e.MEDIA_INTERNAL_PORT,
    webrtcUdpPort: onOrOff(e.WEBRTC_UDP_PORT ?? e.WHIP_UDP_PORTS ?? DEFAULT_WEBRTC_UDP_PORT),
    srtPorts: e.SRT_PORTS,
    webrtcAddresses: (e.WEBRTC_ADDRESSES ?? e.WHIP_ADDRESSES ?? "")
      .split(",")
      .map((address) => address.trim())
      .filter(Boolean),
    liveLadder: e.LIVE_LADDER,
    searchAnswerMs: e.SEARCH_ANSWER_MS,
    dataDir,
    mediaDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    nodeUrl: (e.NODE_URL ?? publicUrl).replace(/\/$/, ""),
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    outboundAllowed: parseAllowedAddresses(e.ALLOWED_PRIVATE_ADDRESSES),
    publicUrl,
    // In the shared media folder, so that every node of a site signs and decrypts with the same secret.
    secret: e.SECRET ?? readOrCreateSecret(mediaDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Arena <no-reply@${new URL(publicUrl).hostname}>`,
    captcha: { enabled: e.CAPTCHA, complexity: e.CAPTCHA_COMPLEXITY },
    federationAllowsHttp: e.FEDERATION_ALLOW_HTTP,
    oauth: {
      google: e.OAUTH_GOOGLE_CLIENT_ID && e.OAUTH_GOOGLE_CLIENT_SECRET ? { clientId: e.OAUTH_GOOGLE_CLIENT_ID, clientSecret: e.OAUTH_GOOGLE_CLIENT_SECRET, issuer: e.OAUTH_GOOGLE_ISSUER } : undefined,
      facebook:
        e.OAUTH_FACEBOOK_CLIENT_ID && e.OAUTH_FACEBOOK_CLIENT_SECRET
          ? {
              clientId: e.OAUTH_FACEBOOK_CLIENT_ID,
              clientSecret: e.OAUTH_FACEBOOK_CLIENT_SECRET,
              authUrl: e.OAUTH_FACEBOOK_AUTH_URL,
              tokenUrl: e.OAUTH_FACEBOOK_TOKEN_URL,
              userInfoUrl: e.OAUTH_FACEBOOK_USERINFO_URL,
            }
          : undefined,
    },
    admin: e.ADMIN_USERNAME && e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    demo: e.DEMO,
    restreamUrls: { twitch: e.RESTREAM_TWITCH_URL, youtube: e.RESTREAM_YOUTUBE_URL, facebook: e.RESTREAM_FACEBOOK_URL },
    translateUrl: e.TRANSLATE_URL,
    translateRatePerMinute: e.TRANSLATE_RATE_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    clientDist: e.ARENA_CLIENT_DIST ? resolve(e.ARENA_CLIENT_DIST) : DEFAULT_CLIENT_DIST,
  };
}

/** The server secret signs captchas and encrypts restream keys; it must survive restarts, so it lives in DATA_DIR. */
function readOrCreateSecret(dataDir: string): string {
  return readOrCreateShared(join(dataDir, "secret"), () => randomBytes(32).toString("hex")).trim();
}

/** What openDatabase opens for this config: PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR. */
export function databaseTarget(config: Pick<Config, "databaseUrl" | "dataDir">): string {
  return config.databaseUrl ?? join(config.dataDir, "arena.db");
}

/** The folders and database the environment names, resolved but not created (scripts/restore.ts wants them empty). */
export function storageConfig(env: Record<string, string | undefined> = process.env): Pick<Config, "dataDir" | "mediaDir" | "databaseUrl"> {
  const parsed = z.object(StorageEnv).safeParse(env);
  if (!parsed.success) throw configError(parsed.error);
  const dataDir = resolve(parsed.data.DATA_DIR);
  return { dataDir, mediaDir: parsed.data.MEDIA_DIR ? resolve(parsed.data.MEDIA_DIR) : dataDir, databaseUrl: parsed.data.DATABASE_URL };
}
