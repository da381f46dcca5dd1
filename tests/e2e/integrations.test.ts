import { describe, expect, it } from "bun:test";
import { Webhook } from "standardwebhooks";
import { inEveryLook, newMemberContext, type SignedIn, useServerAndBrowser } from "../fixtures/e2e.ts";
import { publishTestStream } from "../fixtures/publisher.ts";
import { Browser, signedInUser } from "../fixtures/server.ts";
import { startReceiver } from "../fixtures/webhook-receiver.ts";

// Settings → Integrations through the screens (issue 36). Webhooks (item 1): a streamer adds a Discord webhook (a local receiver stands in for
// Discord; the operator allows loopback with ALLOWED_PRIVATE_ADDRESSES), keeps its key from the dialog, sends a
// test and reads the log; then goes live with ffmpeg and the receiver gets stream.online in Discord's body.
// Access tokens (item 2): a member makes one, a bot uses it, the member revokes it.
// SCREENSHOTS=1 also writes the list, the form and the log at phone and desktop width, dark and light, to docs/screenshots/.

const handles = useServerAndBrowser({ ALLOWED_PRIVATE_ADDRESSES: "127.0.0.1/32" }, { ingest: true });

describe("a channel's webhooks", () => {
  it("adds a Discord webhook from Settings → Integrations, shows its key once, sends a test, logs it, and posts the go-live", async () => {
    const receiver = startReceiver();
    try {
      const streamer = await newMemberContext(handles);
      const page = await streamer.context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(`${handles.server.url}/settings?tab=integrations`);
      await page.getByRole("heading", { name: "Webhooks" }).waitFor();
      await page.getByText("Aucun webhook pour l'instant.").waitFor();

      // A refused address says why, under its field, and keeps what was typed.
      await page.getByRole("button", { name: "Ajouter un webhook" }).click();
      const form = page.getByRole("dialog", { name: "Ajouter un webhook" });
      await form.getByLabel("Adresse du destinataire").fill("http://169.254.169.254/latest/meta-data/");
      await form.getByRole("button", { name: "Enregistrer" }).click();
      await form.getByText("Cette adresse mène à cette machine ou à son réseau interne : Arena ne l'appelle jamais.").waitFor();

      await form.getByLabel("Adresse du destinataire").fill(receiver.url);
      await form.getByLabel("Discord (message et carte)").check();
      await form.getByLabel("Description").fill("Salon #annonces");
      await form.getByRole("button", { name: "Enregistrer" }).click();
      const secretDialog = page.getByRole("dialog", { name: "Clé de signature" });
      const secret = await secretDialog.getByLabel("Clé de signature (whsec_…)").inputValue();
      expect(secret).toMatch(/^whsec_/);
      await secretDialog.getByRole("button", { name: "J'ai copié la clé" }).click();

      const row = page.getByRole("listitem").filter({ hasText: receiver.url });
      await row.getByText("Salon #annonces").waitFor();
      await row.getByText("Discord (message et carte)").waitFor();
      await row.getByRole("button", { name: "Envoyer un test" }).click();
      const [test] = await receiver.got(1);
      expect(JSON.parse(test!.body)).toMatchObject({ content: "Événement de test d'Arena : ce webhook fonctionne." });
      // Signed all the same: a Discord receiver ignores it, a bot may check it.
      expect(() => new Webhook(secret).verify(test!.body, test!.headers)).not.toThrow();

      await row.getByRole("button", { name: "Journal" }).click();
      const log = page.getByRole("dialog", { name: "Journal des envois" });
      await log.getByText("livré").waitFor();
      await log.getByText(/Essai du .* : HTTP 204 en \d+ ms/).waitFor();
      await log.getByRole("button", { name: "Fermer" }).click();

      // The streamer goes live: Discord hears of it, with the title, the game and the stream's link.
      const start = await streamer.api.post("/api/stream/startstreaming", { title: "Finale du soir", gameId: 1 });
      expect(start.status).toBe(200);
      publishTestStream(`rtmp://127.0.0.1:${handles.rtmpPort}/live/${start.body.streamKey}`, { seconds: 30 });
      const [, online] = await receiver.got(2, 20_000);
      const post = JSON.parse(online!.body) as { content: string; embeds: { title: string; url: string; fields: { name: string; value: string }[] }[] };
      expect(post.content).toBe(`🔴 ${streamer.account.username} est en live : Finale du soir`);
      expect(post.embeds[0]).toMatchObject({ title: "Finale du soir", url: `${handles.server.deps.config.publicUrl}/stream/${streamer.account.username}` });
      expect(post.embeds[0]!.fields[0]!.name).toBe("Jeu");
      if (process.env.SCREENSHOTS) await screenshots({ browser: streamer.api, user: streamer.user });
    } finally {
      receiver.stop();
    }
  });

  it("keeps another member out of the channel's webhooks, whatever the page shows", async () => {
    const owner = await signedInUser(handles.server);
    const created = await owner.browser.post("/api/webhooks", { scope: "channel", url: "https://example.test/hook" });
    expect(created.status).toBe(201);
    const other = await newMemberContext(handles);
    const page = await other.context.newPage();
    await page.goto(`${handles.server.url}/settings?tab=integrations`);
    await page.getByText("Aucun webhook pour l'instant.").waitFor();
    expect((await other.api.get(`/api/webhooks/${created.body.webhook.id}/deliveries`)).status).toBe(404);
  });
});

describe("a member's access tokens", () => {
  it("makes a token with chosen permissions, shows it once, a bot reads with it, and revoking it shuts the bot out", async () => {
    const member = await newMemberContext(handles);
    const page = await member.context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${handles.server.url}/settings?tab=integrations`);
    await page.getByRole("heading", { name: "Jetons d'accès" }).waitFor();
    await page.getByRole("button", { name: "Créer un jeton" }).click();
    const form = page.getByRole("dialog", { name: "Créer un jeton" });
    await form.getByLabel("Nom").fill("Bot Discord du tournoi");
    await form.getByLabel(/tournament:score/).check();
    await form.getByLabel("Durée de validité").selectOption({ label: "30 jours" });
    await form.getByRole("button", { name: "Créer", exact: true }).click();
    const shown = page.getByRole("dialog", { name: "Votre jeton" });
    const token = await shown.getByLabel("Jeton (arena_pat_…)").inputValue();
    expect(token).toMatch(/^arena_pat_/);
    await shown.getByRole("button", { name: "J'ai copié le jeton" }).click();
    const row = page.getByRole("listitem").filter({ hasText: "Bot Discord du tournoi" });
    await row.getByText("read, tournament:score").waitFor();
    await row.getByText(`${token.slice(0, 14)}…`).waitFor();

    const bot = new Browser(handles.server.url);
    const me = await bot.get("/api/auth/me", { authorization: `Bearer ${token}` });
    expect(me.body.user.username).toBe(member.account.username);
    await page.reload();
    await row.getByText(/Dernière utilisation/).waitFor();

    await row.getByRole("button", { name: "Révoquer" }).click();
    await page.getByRole("dialog", { name: "Révoquer ce jeton ?" }).getByRole("button", { name: "Révoquer" }).click();
    await row.getByText("Révoqué").waitFor();
    expect((await bot.get("/api/auth/me", { authorization: `Bearer ${token}` })).status).toBe(401);
    if (process.env.SCREENSHOTS) await tokenScreenshots({ browser: member.api, user: member.user });
  });
});

/** The member's tokens, and the token form. */
function tokenScreenshots(member: SignedIn) {
  return inEveryLook(handles, member, "/settings?tab=integrations", async (page, save) => {
    await page.getByText("Bot Discord du tournoi").waitFor();
    await page.getByRole("heading", { name: "Jetons d'accès" }).scrollIntoViewIfNeeded();
    await save("tokens-list");
    await page.getByRole("button", { name: "Créer un jeton" }).click();
    await page.getByRole("dialog", { name: "Créer un jeton" }).waitFor();
    await page.waitForTimeout(300);
    await save("tokens-form");
  });
}

/** The channel's webhook, the form and the log. */
function screenshots(streamer: SignedIn) {
  return inEveryLook(handles, streamer, "/settings?tab=integrations", async (page, save) => {
    await page.getByText("Salon #annonces").waitFor();
    await save("webhooks-list", { fullPage: true });
    await page.getByRole("button", { name: "Ajouter un webhook" }).click();
    await page.getByRole("dialog", { name: "Ajouter un webhook" }).getByLabel("Seulement ceux-ci :").check();
    await page.waitForTimeout(300);
    await save("webhooks-form");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Journal" }).click();
    await page.getByRole("dialog", { name: "Journal des envois" }).getByText("livré").first().waitFor();
    await page.waitForTimeout(300);
    await save("webhooks-log");
  });
}
