// bench/trust: what an attacker's cheapest tries cost Arena (issue 13). A wrong password for an
// account that exists and for one that does not (the delay must not tell them apart); a picture
// that announces a canvas of 900 megapixels in a few kilobytes (refused before decoding) beside an
// honest 12-megapixel photo (decoded). Traffic goes to 127.0.0.1 only; the server runs in its own
// process, stopped by its pid at the end.
// Run: node_modules/.bin/bun bench/trust/run.ts
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { makeImage, pngAnnouncing } from "../../tests/fixtures/images.ts";
import { startMainProcess } from "../../tests/fixtures/process.ts";
import { Browser, newAccount } from "../../tests/fixtures/server.ts";
import { machineLine, writeSection } from "../report.ts";

const LOGIN_TRIES = 40;
const UPLOAD_TRIES = 5;

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function timings(count: number, attempt: (index: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await attempt(index);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const row = (name: string, result: string, sorted: number[]) => `| ${name} | ${result} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.99).toFixed(1)} |`;

function uploadForm(bytes: Uint8Array): FormData {
  const form = new FormData();
  form.append("filename", new File([bytes as Uint8Array<ArrayBuffer>], "picture.png", { type: "image/png" }));
  return form;
}

const dataDir = mkdtempSync(join(tmpdir(), "arena-bench-trust-"));
let server: Awaited<ReturnType<typeof startMainProcess>> | undefined;
try {
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
  server = await startMainProcess({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RTMP_PORT: "0", LOG_LEVEL: "error", TRUST_PROXY: "1" });
  const url = server.url;
  const account = newAccount("victim");
  const member = new Browser(url);
  await member.post("/api/auth/signup", account);
  await member.post("/api/auth/login", { login: account.username, password: account.password });

  // Each try from its own address, so the lockout (5 free tries per account and address) never answers instead.
  const guess = (login: string) => (index: number) =>
    new Browser(url).request("POST", "/api/auth/login", { login, password: "not the password" }, { "x-forwarded-for": `10.9.${index >> 8}.${index & 255}` }).then(async (res) => {
      if (res.status !== 401) throw new Error(`expected 401, got ${res.status}: ${await res.text()}`);
    });
  const known = await timings(LOGIN_TRIES, guess(account.username));
  const unknown = await timings(LOGIN_TRIES, guess("nobody_by_that_name"));

  const bomb = pngAnnouncing(await makeImage("png", "64x64"), 30_000, 30_000);
  const photo = await makeImage("png", "4000x3000");
  const post = (bytes: Uint8Array, expected: number) => async () => {
    const res = await member.request("POST", "/api/auth/avatar", uploadForm(bytes));
    if (res.status !== expected) throw new Error(`expected ${expected}, got ${res.status}: ${await res.text()}`);
  };
  const refused = await timings(UPLOAD_TRIES, post(bomb, 413));
  const decoded = await timings(UPLOAD_TRIES, post(photo, 200));

  const body = [
    `Machine: ${machineLine()}; load average before the run ${load}.`,
    `Method: \`bun bench/trust/run.ts\` starts \`bun server/main.ts\` in its own process. ${LOGIN_TRIES} wrong passwords for an existing account and ${LOGIN_TRIES} for an unknown name, one after another, each from its own address (X-Forwarded-For with TRUST_PROXY, so the lockout never answers first); then ${UPLOAD_TRIES} avatar uploads of a ${(bomb.length / 1024).toFixed(1)} KB PNG whose header announces 30,000 × 30,000 pixels, and ${UPLOAD_TRIES} of an honest ${(photo.length / 1024).toFixed(0)} KB 4000 × 3000 PNG. Client and server share the machine.`,
    "",
    "| try | answer | p50 ms | p99 ms |",
    "| --- | --- | ---: | ---: |",
    row("wrong password, account exists", "401", known),
    row("wrong password, no such account", "401", unknown),
    row("PNG announcing 900 MP (decompression bomb)", "413, refused before decoding", refused),
    row("PNG of 12 MP (a phone photo)", "200, decoded and re-encoded", decoded),
    "",
    "Reading it: both wrong-password answers cost one argon2id check (the unknown name is checked against a",
    "decoy hash), so their delay says nothing about who has an account; before issue 13 they took ~120 ms",
    "and ~4 ms. The doctored picture costs a header read instead of the 7–13 s of CPU it cost before the",
    "size check, and an honest photo still goes through, well inside the decoder's 5 s limit.",
  ].join("\n");
  writeSection("Trust: what an attacker's cheapest tries cost (issue 13)", body);
  console.log(body);
} finally {
  server?.child.kill("SIGTERM");
  await server?.child.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
