import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADMIN_ENV, adminBrowserOf, draftEvent, fundedUser, type Member, publishedEvent } from "../../tests/fixtures/money.ts";
import { Browser, signedInUser, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { emptyTournamentOf } from "../../tests/fixtures/tournaments.ts";

// Embeds (issue 36, item 3): which pages other sites may frame, the site's setting that names those sites,
// the oEmbed answers and the discovery link in the pages' HTML. (A ticketed live in an embed: embeds-live.test.ts.)

// A web app of our own, so this file needs no build: its server reads the page from ARENA_CLIENT_DIST.
const dist = mkdtempSync(join(tmpdir(), "arena-dist-"));
writeFileSync(join(dist, "index.html"), "<!doctype html><html><head><script>document.documentElement.dataset.theme='dark'</script><title>Arena</title></head><body></body></html>");

let server: TestServer;
let admin: Browser;
let member: Member;
const visitor = () => new Browser(server.url);
beforeAll(async () => {
  server = await startTestServer({ ...ADMIN_ENV, ARENA_CLIENT_DIST: dist });
  admin = await adminBrowserOf(server);
  member = await fundedUser(server, admin, 1000);
});
afterAll(async () => {
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
});

async function framingOf(path: string) {
  const response = await fetch(server.url + path);
  await response.arrayBuffer();
  const policy = response.headers.get("content-security-policy") ?? "";
  return { ancestors: policy.match(/frame-ancestors ([^;]*)/)?.[1], frameOptions: response.headers.get("x-frame-options"), policy };
}

const allowOrigins = (embedOrigins: string[]) => admin.json("PATCH", "/api/admin/site", { embedOrigins });

describe("framing", () => {
  it("lets the allowed origins frame the embed pages only; every other page and the API keep refusing other sites", async () => {
    expect(await framingOf("/embed/someone")).toMatchObject({ ancestors: "'self'", frameOptions: null });
    expect((await allowOrigins(["https://allowed.example", "http://127.0.0.1:4000"])).status).toBe(200);
    for (const path of ["/embed/someone", "/embed/someone/chat", "/embed/tournament/1", "/embed/event/lan"]) {
      const framing = await framingOf(path);
      expect(framing).toMatchObject({ ancestors: "'self' https://allowed.example http://127.0.0.1:4000", frameOptions: null });
      // The page's inline script keeps its hash on an embed page too.
      expect(framing.policy).toMatch(/script-src 'self' 'sha256-[^']+'/);
    }
    for (const path of ["/", "/stream/someone", "/tournament/1", "/events/lan", "/embedded", "/api/site", "/api/oembed?url=x"]) {
      expect(await framingOf(path)).toMatchObject({ ancestors: "'self'", frameOptions: "SAMEORIGIN" });
    }
    expect((await allowOrigins([])).status).toBe(200);
    expect(await framingOf("/embed/someone")).toMatchObject({ ancestors: "'self'", frameOptions: null });
  });
});

describe("the setting of origins allowed to embed", () => {
  it("keeps origins written as a browser writes them, once each", async () => {
    const saved = await allowOrigins([" HTTPS://Blog.Example.org/ ", "https://blog.example.org", "http://[::1]:8080", "http://localhost:3000"]);
    expect(saved.body.settings.embedOrigins).toEqual(["https://blog.example.org", "http://[::1]:8080", "http://localhost:3000"]);
    await allowOrigins([]);
  });

  it("refuses what is not an origin, with a message in the reader's language", async () => {
    for (const wrong of ["blog.example.org", "https://blog.example.org/page", "ftp://blog.example.org", "https://", "*", "https://a.example?x=1"]) {
      const refused = await admin.json("PATCH", "/api/admin/site", { embedOrigins: [wrong] });
      expect([wrong, refused.status, refused.body.errors?.[0]?.code]).toEqual([wrong, 400, "embed_origin_invalid"]);
    }
    const french = await admin.speaking("fr").json("PATCH", "/api/admin/site", { embedOrigins: ["blog.example.org"] });
    expect(french.body.errors[0].msg).toContain("https://hôte");
    const english = await admin.json("PATCH", "/api/admin/site", { embedOrigins: ["blog.example.org"] });
    expect(english.body.errors[0].msg).toContain("https://host");
  });

  it("is changed by an admin only, and the change is written to the audit log", async () => {
    expect((await member.browser.json("PATCH", "/api/admin/site", { embedOrigins: ["https://evil.example"] })).status).toBe(403);
    expect((await visitor().json("PATCH", "/api/admin/site", { embedOrigins: ["https://evil.example"] })).status).toBe(401);
    expect((await framingOf("/embed/someone")).ancestors).toBe("'self'");
    await allowOrigins(["https://news.example"]);
    const audit = await server.deps.db.selectFrom("audit_log").selectAll().where("action", "=", "site.settings").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toEqual({ embedOrigins: "https://news.example" });
    await allowOrigins([]);
  });
});

describe("GET /api/oembed", () => {
  const oembed = (url: string, extra = "") => visitor().get(`/api/oembed?url=${encodeURIComponent(url)}${extra}`);

  it("answers a channel's page with its player, in the consumer's maximum size", async () => {
    const streamer = await signedInUser(server);
    await streamer.browser.post("/api/stream/mychannel/init");
    await streamer.browser.post("/api/stream/startstreaming", { title: "Soirée rétro", gameId: 1, tags: [] });
    const name = streamer.account.username;
    const answer = await oembed(`${server.url}/stream/${name}`, "&format=json&maxwidth=320");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      version: "1.0",
      type: "video",
      title: "Soirée rétro",
      author_name: name,
      author_url: `${server.url}/stream/${name}`,
      provider_name: "Arena",
      provider_url: `${server.url}/`,
      html: `<iframe src="${server.url}/embed/${name}" title="Soirée rétro" width="320" height="180" frameborder="0" allowfullscreen></iframe>`,
      width: 320,
      height: 180,
    });
    const chat = await oembed(`${server.url}/embed/${name}/chat`);
    expect([chat.body.type, chat.body.html]).toEqual([
      "rich",
      `<iframe src="${server.url}/embed/${name}/chat" title="Soirée rétro" width="350" height="500" frameborder="0" allowfullscreen></iframe>`,
    ]);
  });

  it("answers a tournament's page with its bracket and a public event's with its card", async () => {
    const { id } = await emptyTournamentOf(server, member, "Coupe <d'hiver>");
    const tournament = await oembed(`${server.url}/tournament/${id}`);
    expect(tournament.body).toMatchObject({ type: "rich", title: "Coupe <d'hiver>", author_name: member.account.username, width: 800, height: 500 });
    expect(tournament.body.html).toBe(`<iframe src="${server.url}/embed/tournament/${id}" title="Coupe &lt;d'hiver&gt;" width="800" height="500" frameborder="0" allowfullscreen></iframe>`);
    const event = await publishedEvent(member);
    const card = await oembed(`${server.url}/events/${event.slug}`);
    expect(card.body).toMatchObject({ type: "rich", title: event.name, author_url: `${server.url}/events/${event.slug}` });
    expect(card.body.html).toContain(`src="${server.url}/embed/event/${event.slug}"`);
  });

  it("answers 404 for an unknown page, another site's address, a draft or private event and a suspended channel", async () => {
    const draft = await draftEvent(member);
    const privateEvent = await publishedEvent(member, { isPublic: false });
    const suspended = await signedInUser(server);
    await suspended.browser.post("/api/stream/mychannel/init");
    await server.deps.db.updateTable("user").set({ suspended_at: Date.now() }).where("id", "=", suspended.user.id).execute();
    for (const url of [
      `${server.url}/stream/nobody_here`,
      `${server.url}/tournament/999999`,
      `${server.url}/events/no-such-event`,
      `${server.url}/settings`,
      `https://elsewhere.example/stream/${member.account.username}`,
      `${server.url}/events/${draft.slug}`,
      `${server.url}/events/${privateEvent.slug}`,
      `${server.url}/stream/${suspended.account.username}`,
      "not a url",
    ]) {
      const answer = await oembed(url);
      expect([url, answer.status, answer.body.code]).toEqual([url, 404, "embed_not_found"]);
    }
    // Even its organiser's session does not show a private event through oEmbed: the answer is a visitor's.
    expect((await member.browser.get(`/api/oembed?url=${encodeURIComponent(`${server.url}/events/${privateEvent.slug}`)}`)).status).toBe(404);
  });

  it("answers 501 for the xml format, which it does not offer", async () => {
    const answer = await oembed(`${server.url}/tournament/1`, "&format=xml");
    expect([answer.status, answer.body.code]).toEqual([501, "oembed_format_unsupported"]);
  });
});

describe("the oEmbed discovery link", () => {
  const htmlOf = async (path: string) => (await fetch(server.url + path)).text();

  it("is in the HTML of a channel's, a tournament's and an event's page, naming that page", async () => {
    for (const path of ["/stream/some_one", "/tournament/12", "/events/lan-d-hiver"]) {
      const href = `${server.url}/api/oembed?url=${encodeURIComponent(server.url + path)}&amp;format=json`;
      expect(await htmlOf(path)).toContain(`<link rel="alternate" type="application/json+oembed" href="${href}" />`);
    }
  });

  it("is not on the other pages", async () => {
    for (const path of ["/", "/events", "/embed/some_one", "/settings"]) expect(await htmlOf(path)).not.toContain("json+oembed");
  });
});
