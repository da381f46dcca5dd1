import { describe, expect, it } from "bun:test";
import { remoteFollowerRow } from "../fixtures/fediverse.ts";
import type { Page } from "playwright-core";
import { inEveryLook, pageFor, type SignedIn, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN, ADMIN_ENV } from "../fixtures/money.ts";
import { Browser, channelIdOf, signedInUser } from "../fixtures/server.ts";
import { createdTournament } from "../fixtures/tournaments.ts";

// The fediverse through the screens (issue 38, items 2 and 6): an admin turns federation on and blocks an instance
// in the console, whose followers go; a channel's owner sees a fediverse follower in Settings → Fédivers and removes
// it (a Reject is queued for its server, the console's log shows it); the channel's public page shows its handle; a
// fediverse notification reads as plain text and opens the remote post in a new tab. Follower rows are written
// here as an accepted Follow leaves them. SCREENSHOTS=1 also writes the console's section and log, the owner's
// followers, the handle on the channel's page and the notifications at phone and desktop width, dark and light, to
// docs/screenshots/.

// http:// on loopback: FEDERATION_ALLOW_HTTP is for tests only.
const handles = useServerAndBrowser({ ...ADMIN_ENV, FEDERATION_ALLOW_HTTP: "1" });

async function signedInAdmin(): Promise<SignedIn> {
  const browser = new Browser(handles.server.url);
  const login = await browser.post("/api/auth/login", { login: ADMIN.username, password: ADMIN.password });
  expect(login.status).toBe(200);
  return { browser, user: login.body.user };
}

let followers = 0;
/** A remote account following the channel, as the inbox stores it once its Follow is accepted. */
async function remoteFollower(channel: number, instance: string, name = `fan${++followers}`, display = `Fan ${followers}`) {
  return handles.server.deps.db
    .insertInto("federation_follower")
    .values(
      remoteFollowerRow({ type: "channel", id: channel }, `https://${instance}`, name, {
        remote_name: display,
        remote_url: `https://${instance}/@${name}`,
        follow_activity: `https://${instance}/users/${name}#follows/${followers}`,
        created_at: Date.now() - followers * 3_600_000,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** The console's "Le fédivers" section. */
const fediverseSection = (page: Page) => page.locator("section").filter({ has: page.getByRole("heading", { name: "Le fédivers", exact: true }) });

describe("the fediverse's screens", () => {
  it("lets an admin turn federation on and block an instance, an owner remove a follower, and shows the handle and notifications", async () => {
    const { server } = handles;
    const admin = await signedInAdmin();
    const streamer = await signedInUser(server);
    expect((await streamer.browser.post("/api/stream/mychannel/init")).status).toBe(201);
    const channel = await channelIdOf(server, streamer.user.username);
    const handle = `@${streamer.user.username}@${new URL(server.url).host}`;

    // Off (the default): the owner's tab says so in one sentence, and the public page shows no handle.
    const owner = await pageFor(handles, streamer);
    await owner.goto(`${server.url}/settings?tab=fediverse`);
    await owner.getByText("Le fédivers est désactivé sur ce site : rien n'y est publié et rien n'en est suivi.").waitFor();

    // The admin gives the address, turns federation on, then blocks an instance: a wrong entry is refused in French.
    const spam = await remoteFollower(channel, "spam.example", "bot", "Bot");
    const adminPage = await pageFor(handles, admin);
    await adminPage.goto(`${server.url}/admin?tab=site`);
    const section = fediverseSection(adminPage);
    await section.getByLabel("Adresse du site sur le fédivers").fill(server.url);
    await section.getByRole("button", { name: "Enregistrer" }).first().click();
    await adminPage.getByText("Réglages enregistrés.").first().waitFor();
    await section.getByRole("switch", { name: "Fédération" }).click();
    await section.getByRole("switch", { name: "Fédération", checked: true }).waitFor();
    const blocked = section.getByLabel("Instances bloquées");
    const blockedForm = section.locator("form").filter({ has: adminPage.getByLabel("Instances bloquées") });
    await blocked.fill("https://spam.example/");
    await blockedForm.getByRole("button", { name: "Enregistrer" }).click();
    await section.getByText("Une instance s'écrit comme son nom d'hôte : exemple.social, ou hôte:port, sans https:// ni chemin.").waitFor();
    await blocked.fill("spam.example");
    await blockedForm.getByRole("button", { name: "Enregistrer" }).click();
    // Saved and read back: the button rests (disabled, no longer busy) until the next change.
    await blockedForm.locator("button[type=submit][disabled]:not([aria-busy])").waitFor();
    expect(await server.deps.db.selectFrom("federation_follower").select("id").where("id", "=", spam.id).execute()).toEqual([]);
    expect((await admin.browser.get("/api/admin/site")).body.settings).toMatchObject({ federation: true, federationBlockedInstances: ["spam.example"] });

    // The owner sees the channel's handle and its fediverse follower, and removes it.
    await remoteFollower(channel, "mastodon.example", "alice", "Alice <Fan>");
    await owner.goto(`${server.url}/settings?tab=fediverse`);
    await owner.getByText(handle, { exact: true }).waitFor();
    await owner.getByText("1 abonné sur le fédivers").waitFor();
    const row = owner.getByRole("listitem").filter({ hasText: "@alice@mastodon.example" });
    await row.getByText("Alice <Fan>").waitFor();
    await row.getByRole("button", { name: "Retirer @alice@mastodon.example" }).click();
    const confirm = owner.getByRole("dialog", { name: "Retirer cet abonné ?" });
    await confirm.getByText("@alice@mastodon.example ne recevra plus vos publications.", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Retirer" }).click();
    await owner.getByText("Abonné retiré.").waitFor();
    await owner.getByText("0 abonné sur le fédivers").waitFor();
    await owner.getByText("Personne ne suit encore cette adresse depuis le fédivers.", { exact: false }).waitFor();
    const reject = await server.deps.db.selectFrom("federation_delivery").select(["activity_type", "inbox"]).where("activity_type", "=", "Reject").executeTakeFirstOrThrow();
    expect(reject).toEqual({ activity_type: "Reject", inbox: "https://mastodon.example/users/alice/inbox" });

    // The owner's follow form says, in French, why an account cannot be followed: a malformed handle, then an
    // address on this machine (refused by the outbound rule before any request); nothing is followed.
    const followField = owner.getByLabel("Suivre un compte du fédivers");
    await owner.getByText("Vous ne suivez encore aucun compte du fédivers.").waitFor();
    await followField.fill("pas un compte");
    await owner.getByRole("button", { name: "Suivre", exact: true }).click();
    await owner.getByText("Un compte du fédivers s'écrit @nom@instance, par exemple @arena@exemple.social.").waitFor();
    await followField.fill("@alice@127.0.0.1:1");
    await owner.getByRole("button", { name: "Suivre", exact: true }).click();
    await owner.getByText("Cette adresse mène à cette machine ou à son réseau interne : Arena ne l'appelle jamais.").waitFor();
    expect(await server.deps.db.selectFrom("federation_following").select("id").execute()).toEqual([]);

    // The console's log shows the Reject waiting for Alice's server, signed by the channel.
    await adminPage.reload();
    const log = fediverseSection(adminPage).getByRole("table");
    const logRow = log.getByRole("row").filter({ hasText: "Reject" });
    await logRow.getByText("mastodon.example").waitFor();
    await logRow.getByText(handle).waitFor();
    await logRow.getByText("En attente").waitFor();

    // A visitor reads the channel's handle on its page and can copy it.
    const visitor = await pageFor(handles, null);
    await visitor.goto(`${server.url}/stream/${streamer.user.username}`);
    await visitor.getByText("Sur le fédivers :").waitFor();
    await visitor.getByText(handle, { exact: true }).waitFor();
    await visitor.getByRole("button", { name: "Copier l'adresse sur le fédivers" }).waitFor();
    const tournament = await createdTournament(streamer);
    await visitor.goto(`${server.url}/tournament/${tournament}`);
    await visitor.getByText(`@tournament-${tournament}@${new URL(server.url).host}`, { exact: true }).waitFor();

    // A followed account's post: its words are text (never markup), its link opens its server's page in a new tab.
    await server.deps.db
      .insertInto("notification")
      .values({
        user_id: streamer.user.id,
        type: "fediverse_post",
        actor_id: null,
        link: "https://mastodon.example/@alice/110",
        data: JSON.stringify({ handle: "@alice@mastodon.example", name: "Alice", text: "Ce soir <b>finale</b> à 21 h !" }),
        created_at: Date.now(),
        read_at: null,
      })
      .execute();
    await owner.goto(`${server.url}/notifications`);
    const post = owner.getByRole("link", { name: /Alice \(@alice@mastodon\.example\) a publié sur le fédivers : Ce soir <b>finale<\/b> à 21 h !/ });
    await post.waitFor();
    expect(await post.evaluate((link) => [link.getAttribute("href"), link.getAttribute("target"), link.getAttribute("rel"), link.querySelector("b")])).toEqual([
      "https://mastodon.example/@alice/110",
      "_blank",
      "noopener noreferrer",
      null,
    ]);

    if (process.env.SCREENSHOTS) await screenshots(admin, streamer, channel);
  });

  it("keeps another member out of a channel's fediverse followers", async () => {
    const { server } = handles;
    const streamer = await signedInUser(server);
    expect((await streamer.browser.post("/api/stream/mychannel/init")).status).toBe(201);
    const channel = await channelIdOf(server, streamer.user.username);
    const follower = await remoteFollower(channel, "mastodon.example");
    const other = await signedInUser(server);
    expect((await other.browser.get(`/api/fediverse/actors/channel-${channel}/followers`)).status).toBe(403);
    expect((await other.browser.json("DELETE", `/api/fediverse/followers/${follower.id}`)).status).toBe(404);
    expect(await server.deps.db.selectFrom("federation_follower").select("id").where("id", "=", follower.id).execute()).toHaveLength(1);
  });
});

async function screenshots(admin: SignedIn, streamer: SignedIn & { user: { id: number; username: string } }, channel: number) {
  await remoteFollower(channel, "mastodon.example", "camille", "Camille · speedruns");
  await remoteFollower(channel, "piaille.fr", "lea", "Léa");
  await remoteFollower(channel, "a-very-long-instance-name.social.example", "someone_with_a_long_name", "Quelqu'un au nom vraiment très long pour voir");
  // The log's other states: a post delivered, one given up on.
  const sent = (inbox: string, state: "delivered" | "failed", lastStatus: number | null, lastError: string | null) => ({
    activity_id: `${handles.server.url}/ap/notes/${inbox.length}#create`,
    activity_type: "Create",
    actor_type: "channel" as const,
    actor_id: channel,
    inbox,
    inbox_host: new URL(inbox).host,
    body: "{}",
    state,
    attempts: state === "failed" ? 8 : 1,
    next_attempt_at: Date.now(),
    claimed_until: null,
    last_status: lastStatus,
    last_error: lastError,
    created_at: Date.now() - 3_600_000,
    finished_at: Date.now() - 1_800_000,
  });
  await handles.server.deps.db
    .insertInto("federation_delivery")
    .values([sent("https://piaille.fr/inbox", "delivered", 202, null), sent("https://gone.example/users/x/inbox", "failed", 410, "The inbox answered 410 Gone: the account was deleted.")])
    .execute();
  await inEveryLook(handles, admin, "/admin?tab=site", async (page, save) => {
    await fediverseSection(page).getByRole("table").waitFor();
    // Below the sticky top bar.
    await page.getByRole("heading", { name: "Le fédivers", exact: true }).evaluate((heading) => {
      heading.scrollIntoView({ block: "start" });
      window.scrollBy(0, -72);
    });
    await save("fediverse-console");
    await page.getByRole("heading", { name: "Journal des envois" }).evaluate((heading) => heading.scrollIntoView({ block: "start" }));
    await save("fediverse-deliveries");
  });
  await inEveryLook(handles, null, `/stream/${streamer.user.username}`, async (page, save, phone) => {
    // On a phone the channel's details sit under their own tab.
    if (phone) await page.getByRole("tab", { name: "Détails" }).click();
    await page.getByText("Sur le fédivers :").evaluate((line) => line.scrollIntoView({ block: "center" }));
    await save("fediverse-handle");
  });
  await inEveryLook(handles, streamer, "/settings?tab=fediverse", async (page, save) => {
    await page.getByText("@camille@mastodon.example").waitFor();
    await save("fediverse-followers");
  });
  const notify = (type: string, link: string, data: Record<string, string>) =>
    handles.server.deps.db
      .insertInto("notification")
      .values({ user_id: streamer.user.id, type, actor_id: null, link, data: JSON.stringify(data), created_at: Date.now(), read_at: null })
      .execute();
  await notify("fediverse_boost", `/stream/${streamer.user.username}`, { handle: "@lea@piaille.fr", name: "Léa", thing: "Finale du soir" });
  await notify("fediverse_reply", "https://piaille.fr/@lea/111", { handle: "@lea@piaille.fr", name: "Léa", thing: "Finale du soir", text: "Trop hâte, je serai là !" });
  await inEveryLook(handles, streamer, "/notifications", async (page, save) => {
    await page.getByText("a publié sur le fédivers", { exact: false }).waitFor();
    await save("fediverse-notification");
  });
}
