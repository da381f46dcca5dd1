import { afterAll, describe, expect, it } from "bun:test";
import fc from "fast-check";
import { backgroundSettled } from "../server/http/background.ts";
import { cheapStateOf, diff, snapshot } from "./fixtures/db-state.ts";
import { auditLedgerThenStop } from "./fixtures/money.ts";
import { type Actor, startWorld } from "./fixtures/world.ts";

/**
 * Every route of the OpenAPI document, sent inputs of the wrong shape (fixed seed, so a failure comes
 * back the same way): wrong types, missing and extra fields, huge and negative numbers, long and
 * strange strings, in the body, the query and the path. Whatever the input, the server answers
 * below 500, every error is JSON with a `code`, and a refused request leaves every row and every
 * wallet as it was.
 */

/** FUZZ_SEED=n and FUZZ_RUNS=n try other and more inputs when hunting; the suite always runs the fixed ones. */
const SEED = Number(process.env.FUZZ_SEED ?? 1313);
/** Inputs per route and per caller; about 9,000 requests in all. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
/** Each try of these hashes a password (argon2, about 0.7 s on a small machine): fewer tries, same inputs' shapes. */
const SLOW: Record<string, number> = { "POST /api/auth/signup": 4, "POST /api/auth/login": 4, "PUT /api/auth/password": 3, "POST /api/auth/reset/{token}": 4 };
const statuses = new Map<number, number>();

const world = await startWorld();
afterAll(() => auditLedgerThenStop({ deps: world.server.deps, stop: world.close }));

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
}

interface Parameter {
  in: "path" | "query";
  name: string;
  schema: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}

const doc = (await world.visitor.call("GET", "/api/openapi.json")).body as { paths: Record<string, Record<string, Operation>> };

/** Routes only a visitor fuzzes, each with its reason. */
const VISITOR_ONLY: Record<string, string> = {
  "POST /api/auth/logout": "a member's logout would turn the rest of the run into 401s",
};

/** A valid value for a schema, with the world's real ids where a field names one, so mutations reach past validation. */
function valid(schema: JsonSchema | undefined, name = ""): unknown {
  if (!schema) return "1";
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return valid(schema.anyOf[0], name);
  // A picture or a linked tournament may be left out: null keeps the rest of the body valid.
  if (Array.isArray(schema.type) && schema.type.includes("null") && /image|cover|tournamentId/i.test(name)) return null;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      return validString(schema, name);
    case "integer":
    case "number":
      return validNumber(schema, name);
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => valid(schema.items, name));
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, valid(value, key)]));
    default:
      return "1";
  }
}

function validString(schema: JsonSchema, name: string): string {
  const pattern = schema.pattern ?? "";
  if (/streamID|channelArn|channelId/i.test(name) || pattern.startsWith("^[a-f0-9]")) return world.channel.streamID;
  if (pattern.includes("\\d+-\\d+")) return `${world.tournament.id}-0`;
  if (name === "slug") return world.event.slug;
  if (name === "username") return world.owner.user.username;
  if (name === "email" || pattern.includes("@")) return "someone@example.test";
  if (name === "type") return "rgpd";
  if (name === "provider") return "google";
  if (/date/i.test(name)) return new Date(Date.now() + (/end/i.test(name) ? 75 : 72) * 3_600_000).toISOString();
  if (name === "timeZone") return "Europe/Paris";
  if (pattern) return "abc";
  const text = "a valid enough text";
  return text.slice(0, Math.max(schema.minLength ?? 1, Math.min(text.length, schema.maxLength ?? text.length)));
}

function validNumber(schema: JsonSchema, name: string): number {
  if (/event/i.test(name)) return world.event.id;
  if (/tourn/i.test(name)) return world.tournament.id;
  if (/^(user|player|streamer)/i.test(name)) return world.member.user.id;
  if (name === "size") return 4;
  if (name === "amount") return 10;
  return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
}

/** Values of the wrong type, size or shape. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    true,
    false,
    null,
    [1],
    [],
    {},
    0,
    -1,
    1.5,
    -0.5,
    1e308,
    -1e308,
    2 ** 53 + 1,
    2 ** 31,
    -(2 ** 31),
    "",
    " ",
    "1",
    "-1",
    "1e999",
    "true",
    "null",
    "[1]",
    "0x10",
    "NaN",
    "Infinity",
    "x".repeat(20_000),
    "\u0000",
    "😀".repeat(500),
    "\u202e\u0301ǅ\uFEFF",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "' OR 1=1 --",
    { nested: { deeper: { deepest: [1, { value: null }] } } },
    { $gt: "" },
    JSON.parse('{"__proto__": {"admin": true}}'),
  ),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value of the schema's own type but at its edges: empty, longest, strange characters, boundaries, other ids. */
function odd(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== "null") : schema?.type;
  const nullable = Array.isArray(schema?.type) && schema.type.includes("null");
  const maybeNull = (arbitrary: fc.Arbitrary<unknown>) => (nullable ? fc.oneof(arbitrary, fc.constant(null)) : arbitrary);
  if (schema?.enum) return fc.constantFrom(...schema.enum);
  switch (type) {
    case "string": {
      const max = Math.min(schema?.maxLength ?? 300, 5000);
      return maybeNull(
        fc.oneof(
          fc.string({ unit: "grapheme", minLength: schema?.minLength ?? 0, maxLength: Math.min(max, 60) }),
          fc.constantFrom(
            "a".repeat(max),
            "é".repeat(max),
            "   ",
            "\u0000",
            "😀",
            "<img src=x onerror=alert(1)>",
            "javascript:alert(1)",
            "/api/auth/logout",
            "https://example.test/a.png",
            "null",
            "0",
            "-1",
            "../x",
            "Ω≈ç√\u202e",
          ),
        ),
      );
    }
    case "integer":
    case "number":
      return maybeNull(
        fc.oneof(
          fc.integer({ min: -3, max: 40 }),
          fc.constantFrom(0, -1, 2 ** 31, 2 ** 31 - 1, Number.MAX_SAFE_INTEGER, 100_000_000, 100_000_001),
          type === "number" ? fc.double({ noNaN: true, noDefaultInfinity: true }) : fc.integer(),
        ),
      );
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(odd(schema?.items), { maxLength: 12 });
    default:
      return junk;
  }
}

type Body = { kind: "none" } | { kind: "json"; value: unknown } | { kind: "text"; text: string; contentType: string } | { kind: "form"; fields: [string, unknown][] };

interface Input {
  path: string;
  body: Body;
}

/** One input for an operation: some parts valid, some junk, never all valid. */
function inputs(path: string, operation: Operation): fc.Arbitrary<Input> {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  const content = operation.requestBody?.content ?? {};
  const bodySchema = (content["application/json"] ?? content["multipart/form-data"])?.schema;
  const isForm = Boolean(content["multipart/form-data"]);

  // Values in the address stay under 4,000 characters: past about 16 KB, Bun's HTTP parser answers 431 before the app sees the request.
  const inAddress = junk.map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "undefined")).slice(0, 4000));
  const pathValue = (p: Parameter) => fc.oneof({ weight: 1, arbitrary: fc.constant(String(valid(p.schema, p.name))) }, { weight: 2, arbitrary: inAddress });
  const queryValue = (p: Parameter) => fc.option(fc.oneof(fc.constant(String(valid(p.schema, p.name))), inAddress), { nil: undefined });
  const pathArb = fc.tuple(...pathParams.map(pathValue), ...queryParams.map(queryValue), fc.option(fc.tuple(fc.string({ maxLength: 10 }), inAddress), { nil: undefined })).map((values) => {
    let filled = path;
    pathParams.forEach((p, i) => (filled = filled.replace(`{${p.name}}`, encodeURIComponent(String(values[i])))));
    const search = new URLSearchParams();
    queryParams.forEach((p, i) => {
      const value = values[pathParams.length + i];
      if (typeof value === "string") search.append(p.name, value);
    });
    const extra = values.at(-1) as [string, string] | undefined;
    if (extra) search.append(extra[0] || "extra", extra[1]);
    const query = search.toString();
    return `/api${filled}${query ? `?${query}` : ""}`;
  });

  const baseline = (valid(bodySchema) ?? {}) as Record<string, unknown>;
  const keys = Object.keys(bodySchema?.properties ?? {});
  const required = bodySchema?.required ?? [];
  const mutated: fc.Arbitrary<Record<string, unknown> | unknown> = fc.oneof(
    // One field of the wrong type or size.
    keys.length ? fc.tuple(fc.constantFrom(...keys), junk).map(([key, value]) => ({ ...baseline, [key]: value })) : junk,
    // One field of the right type with an odd value, which gets past validation to the service.
    keys.length ? fc.constantFrom(...keys).chain((key) => odd(bodySchema?.properties?.[key]).map((value) => ({ ...baseline, [key]: value }))) : junk,
    // A required field missing.
    required.length ? fc.constantFrom(...required).map((key) => Object.fromEntries(Object.entries(baseline).filter(([k]) => k !== key))) : fc.constant({}),
    // Fields the schema does not have, some of them tempting.
    fc.tuple(fc.constantFrom("role", "isAdmin", "userId", "balance", "created_by", "status", "__proto__", "constructor"), junk).map(([key, value]) => ({ ...baseline, [key]: value })),
    // Every field junk.
    fc.tuple(...keys.map(() => junk)).map((values) => Object.fromEntries(keys.map((key, i) => [key, values[i]]))),
    // Not an object at all.
    junk,
  );
  const body: fc.Arbitrary<Body> = !operation.requestBody
    ? fc.oneof({ weight: 4, arbitrary: fc.constant<Body>({ kind: "none" }) }, { weight: 1, arbitrary: junk.map((value): Body => ({ kind: "json", value })) })
    : isForm
      ? fc.oneof(
          mutated.map((value): Body => (value && typeof value === "object" && !Array.isArray(value) ? { kind: "form", fields: Object.entries(value) } : { kind: "json", value })),
          junk.map((value): Body => ({ kind: "json", value })),
        )
      : fc.oneof(
          { weight: 6, arbitrary: mutated.map((value): Body => ({ kind: "json", value })) },
          {
            weight: 1,
            arbitrary: fc.constantFrom<Body>(
              { kind: "text", text: "{", contentType: "application/json" },
              { kind: "text", text: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
              { kind: "text", text: JSON.stringify(baseline), contentType: "text/plain" },
            ),
          },
        );
  return fc.record({ path: pathArb, body });
}

async function send(actor: Actor, method: string, input: Input): Promise<{ status: number; text: string; body: any }> {
  const headers: Record<string, string> = { origin: world.server.url, cookie: [...actor.browser.cookies].map(([k, v]) => `${k}=${v}`).join("; "), "accept-language": "en" };
  let body: BodyInit | undefined;
  const { body: given } = input;
  if (given.kind === "json") {
    body = JSON.stringify(given.value) ?? "null";
    headers["content-type"] = "application/json";
  } else if (given.kind === "text") {
    body = given.text;
    headers["content-type"] = given.contentType;
  } else if (given.kind === "form") {
    const form = new FormData();
    for (const [key, value] of given.fields) {
      // A file field gets a file of junk bytes; the others their text.
      if (/file|filename|poster|cover/i.test(key)) form.append(key, new File([new TextEncoder().encode(String(JSON.stringify(value)))], "junk.png", { type: "image/png" }));
      else form.append(key, typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
    }
    body = form;
  }
  if (method === "GET" || method === "HEAD") body = undefined;
  const response = await fetch(world.server.url + input.path, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, text, body: parsed };
}

function seedOf(route: string): number {
  return SEED ^ Number(Bun.hash.crc32(route));
}

const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} /api${path}`, method: method.toUpperCase(), path, operation })),
);

describe("every route, sent junk", () => {
  it("covers the whole OpenAPI document", () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const { route, method, path, operation } of operations) {
    const callers: [string, Actor][] = VISITOR_ONLY[route]
      ? [["a visitor", world.visitor]]
      : operation.security
        ? [
            ["a member", world.member],
            ["an admin", world.admin],
          ]
        : [
            ["a visitor", world.visitor],
            ["a member", world.member],
          ];
    it(`${route}: no 5xx, JSON errors with a code, and a refusal changes nothing`, async () => {
      const failures: unknown[] = [];
      // One picture per request: the one taken after a request is the next one's "before" (nothing else runs between).
      await backgroundSettled();
      let latest = await snapshot(world.db);
      for (const [who, actor] of callers) {
        for (const input of fc.sample(inputs(path, operation), { seed: seedOf(`${who} ${route}`), numRuns: SLOW[route] ?? RUNS })) {
          const before = latest;
          const answer = await send(actor, method, input);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          // FUZZ_DEBUG=1 prints every answer, to see how far past validation the inputs reach.
          if (process.env.FUZZ_DEBUG) console.log("FUZZ", route, who, answer.status, answer.status >= 400 ? answer.body?.code : "");
          const shown = { who, input: JSON.stringify(input).slice(0, 300), status: answer.status, answer: answer.text.slice(0, 300) };
          // oEmbed 1.0 answers 501 to a format it does not offer (xml, or anything but json): the spec's answer, not a failure.
          const oembedFormat = answer.status === 501 && answer.body?.code === "oembed_format_unsupported";
          if (answer.status >= 500 && !oembedFormat) failures.push({ ...shown, problem: "server error" });
          if (answer.status >= 400 && typeof answer.body?.code !== "string") failures.push({ ...shown, problem: "error without a JSON code" });
          await backgroundSettled();
          const after = await snapshot(world.db);
          latest = after;
          if (answer.status >= 400) {
            const changes = diff(before, after);
            if (changes.length) failures.push({ ...shown, problem: "refused but changed", before: cheapStateOf(before), after: cheapStateOf(after), changes: changes.slice(0, 6) });
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("got past validation often enough to test the services behind it", () => {
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.log(`fuzz: ${total} requests`, Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
    expect((total - (statuses.get(400) ?? 0)) / total).toBeGreaterThan(0.25);
  });
});

describe("bugs the fuzz found", () => {
  it("PUT /api/tournament/update-tournament/{id} with a form that sets nothing answers 400 or 200, not 500", async () => {
    const tournament = await world.newTournament("pending");
    for (const fields of [{}, { unknown: "field" }, { startDate: "" }] as Record<string, string>[]) {
      const answer = await world.owner.call("PUT", `/api/tournament/update-tournament/${tournament.id}`, world.form(fields));
      expect({ fields, status: answer.status < 500 ? "below 500" : answer.status }).toEqual({ fields, status: "below 500" });
    }
  });
});
