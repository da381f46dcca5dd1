import { describe, expect, it } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { initChannel } from "../../server/channels/service.ts";
import { fold } from "../../shared/fold.ts";
import { closeTestContextsAfterEach, loggedInContext, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN, ADMIN_ENV } from "../fixtures/money.ts";
import { Browser, signedInUser } from "../fixtures/server.ts";

/** The storage policy in chromium (issue 20, item 3): an admin keeps replays 30 days; a streamer pins one of theirs. */
const handles = useServerAndBrowser(ADMIN_ENV);
const contexts: BrowserContext[] = [];
closeTestContextsAfterEach(contexts);

async function pageAs(session: string, user: { id: number; username: string }, path: string) {
  const context = await loggedInContext(handles.browser, handles.server.url, session, user);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${handles.server.url}${path}`);
  return page;
}

describe("the storage policy", () => {
  it("an admin sets replays to be kept 30 days, and the audit log says so", async () => {
    const admin = new Browser(handles.server.url);
    const login = await admin.post("/api/auth/login", { login: ADMIN.username, password: ADMIN.password });
    const page = await pageAs(admin.cookies.get("arena_session")!, login.body.user, "/admin");
    await page.getByRole("tab", { name: "Stockage" }).click();
    await page.getByRole("radio", { name: "Pendant un nombre de jours" }).check();
    await page.getByLabel("Jours de conservation de chaque replay").fill("");
    await page.getByRole("button", { name: "Enregistrer la politique" }).click();
    await page.getByText("Indiquez combien de jours les replays sont gardés (1 ou plus).").waitFor();
    await page.getByLabel("Jours de conservation de chaque replay").fill("30");
    await page.getByRole("button", { name: "Enregistrer la politique" }).click();
    await page.getByText("Politique de stockage enregistrée.").waitFor();
    expect((await admin.get("/api/admin/storage")).body.policy).toMatchObject({ keep: "days", keepDays: 30 });
    await page.getByRole("tab", { name: "Journal" }).click();
    await page.getByRole("cell", { name: "Politique de stockage modifiée", exact: true }).waitFor();

    // "Apply now" (issue 34, item 12): a 45-day-old replay goes at once, and the panel says which.
    const streamer = await signedInUser(handles.server, { username: "OldLives" });
    const owner = await handles.server.deps.db.selectFrom("user").selectAll().where("id", "=", streamer.user.id).executeTakeFirstOrThrow();
    const channel = await initChannel(handles.server.deps, owner);
    const made = Date.now() - 45 * 24 * 3_600_000;
    const session = await handles.server.deps.db
      .insertInto("live_session")
      .values({ channel_id: channel.id, started_at: made, ended_at: made, recording_dir: "/nowhere", game_id: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const filePath = `${channel.id}/old.mp4`;
    mkdirSync(join(handles.server.deps.config.mediaDir, "recordings", String(channel.id)), { recursive: true });
    writeFileSync(join(handles.server.deps.config.mediaDir, "recordings", filePath), new Uint8Array(2048));
    const { id } = await handles.server.deps.db
      .insertInto("replay")
      .values({
        channel_id: channel.id,
        live_session_id: session.id,
        title: "Vieux live",
        search_title: fold("Vieux live"),
        status: "ready",
        game_id: 1,
        file_path: filePath,
        thumbnail_path: null,
        duration: 60,
        file_size: 2048,
        created_at: made,
        deleted_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await page.getByRole("tab", { name: "Stockage" }).click();
    await page.getByRole("button", { name: "Appliquer maintenant" }).click();
    const dialog = page.getByRole("dialog", { name: "Appliquer la politique maintenant ?" });
    await dialog.getByText("Les replays non épinglés de plus de 30 jours seront supprimés définitivement.").waitFor();
    await dialog.getByRole("button", { name: "Appliquer maintenant" }).click();
    const result = page.getByRole("status").filter({ hasText: "replay supprimé" });
    await result.waitFor();
    expect(await result.textContent()).toContain("« Vieux live » de OldLives");
    expect(await handles.server.deps.db.selectFrom("replay").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(existsSync(join(handles.server.deps.config.mediaDir, "recordings", filePath))).toBe(false);
  });

  it("a streamer pins a replay from their replays, and its card shows the marker", async () => {
    const { server } = handles;
    const streamer = await signedInUser(server, { username: "PinMaster" });
    const owner = await server.deps.db.selectFrom("user").selectAll().where("id", "=", streamer.user.id).executeTakeFirstOrThrow();
    const channel = await initChannel(server.deps, owner);
    const session = await server.deps.db
      .insertInto("live_session")
      .values({ channel_id: channel.id, started_at: Date.now() - 60_000, ended_at: Date.now(), recording_dir: "/nowhere", game_id: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const title = "Finale à garder";
    const replay = await server.deps.db
      .insertInto("replay")
      .values({
        channel_id: channel.id,
        live_session_id: session.id,
        title,
        search_title: fold(title),
        status: "ready",
        game_id: 1,
        file_path: null,
        thumbnail_path: null,
        duration: 60,
        file_size: 1000,
        created_at: Date.now(),
        deleted_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const page = await pageAs(streamer.browser.cookies.get("arena_session")!, streamer.user, "/stream/PinMaster");
    await page.getByRole("button", { name: `Épingler le replay « ${title} » : il ne sera jamais supprimé automatiquement` }).click();
    await page.getByRole("button", { name: `Désépingler le replay « ${title} »` }).waitFor();
    await page.locator(".replay-card-pin", { hasText: "Épinglé" }).waitFor();
    const stored = await server.deps.db.selectFrom("replay").select(["pinned_at", "pinned_by"]).where("id", "=", replay.id).executeTakeFirstOrThrow();
    expect([stored.pinned_at !== null, stored.pinned_by]).toEqual([true, streamer.user.id]);
  });
});
