import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { waitFor } from "../../tests/fixtures/publisher.ts";
import { auditLedgerThenStop } from "../../tests/fixtures/money.ts";
import { Browser, SERVER_START_LIMIT_MS, startTestServer, type TestServer } from "../../tests/fixtures/server.ts";
import { DEMO_PASSWORD, demoMembers, demoReplays } from "./community.ts";

let server: TestServer;
beforeAll(async () => {
  // This file tests the seed itself: it never starts on the run's copy of a seeded community.
  server = await startTestServer({ DEMO: "1" }, { ingest: true, seedDemo: true });
}, SERVER_START_LIMIT_MS);
// The DEMO seed credits wallets and sells tickets: its books must balance too.
afterAll(async () => {
  if (server) await auditLedgerThenStop(server);
});

describe("DEMO mode", () => {
  it("seeds members with pictures, channels, follows and playable replays", async () => {
    const visitor = new Browser(server.url);
    const profile = (await visitor.get(`/api/stream/profile/${demoMembers[0]!.username}`)).body;
    expect(profile.followers).toBeGreaterThan(3);
    expect(profile.avatar).toMatch(/^\/uploads\/avatars\//);
    expect((await fetch(server.url + profile.avatar)).status).toBe(200);
    const videos = (await visitor.get("/api/stream/videos?limit=20")).body.replays;
    // The demo's replays, and the match replay of the LAN du Rhône's night (issue 18).
    expect(videos).toHaveLength(demoReplays.length + 1);
    const range = await fetch(`${server.url}/recordings/${videos[0].filePath}`, { headers: { range: "bytes=0-99" } });
    expect(range.status).toBe(206);
    const login = await visitor.post("/api/auth/login", { login: demoMembers[0]!.username, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
  });

  it("runs the synthetic live streams", async () => {
    const lives = await waitFor(
      "two demo lives",
      async () => {
        const data = (await new Browser(server.url).get("/api/stream/streams")).body.data as { username: string }[];
        return data.length >= 2 ? data : undefined;
      },
      20_000,
      250,
    );
    expect(lives.map((l) => l.username).sort()).toEqual(
      demoMembers
        .filter((m) => m.live)
        .map((m) => m.username)
        .sort(),
    );
  });

  it("seeds once", async () => {
    const before = await server.deps.db.selectFrom("user").select("id").execute();
    const { seedDemoCommunity } = await import("./seed.ts");
    await seedDemoCommunity(server.deps, () => undefined);
    expect(await server.deps.db.selectFrom("user").select("id").execute()).toHaveLength(before.length);
  });
});

describe("DEMO mode's competitions", () => {
  it("seeds a tournament in every layout and stage, and published events with registrations", async () => {
    const visitor = new Browser(server.url);
    const all = (await visitor.get("/api/tournament/all")).body as { id: number; name: string; structure: string; isActive: boolean; isFinished: boolean }[];
    const { demoEvents, demoTournaments } = await import("./competitions.ts");
    expect(all).toHaveLength(demoTournaments.length);
    const byName = new Map(all.map((t) => [t.name, t]));
    for (const spec of demoTournaments) {
      const tournament = byName.get(spec.name)!;
      expect(tournament.structure).toBe(spec.format);
      expect(tournament.isFinished).toBe(spec.played === Infinity);
      expect(tournament.isActive || tournament.isFinished).toBe(spec.played > 0);
    }
    const running = byName.get(demoTournaments[0].name)!;
    const bracket = (await visitor.get(`/api/tournament/rounds/${running.id}`)).body;
    const finished = (bracket.data as { seeds: { finished: boolean }[] }[]).flatMap((round) => round.seeds).filter((seed) => seed.finished);
    expect(finished).toHaveLength(demoTournaments[0].played);

    const list = (await visitor.get("/api/events")).body.events as { name: string }[];
    expect(list.map((event) => event.name).sort()).toEqual(demoEvents.map((event) => event.name).sort());
  });
});
