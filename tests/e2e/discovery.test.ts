import { afterAll, afterEach, beforeAll, describe, expect, it } from "bun:test";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchChromium } from "../fixtures/chromium.ts";
import { loggedInContext, visitorContext } from "../fixtures/e2e.ts";
import { makeImage } from "../fixtures/images.ts";
import { waitFor } from "../fixtures/publisher.ts";
import { Browser as ApiBrowser, SERVER_START_LIMIT_MS, signedInUser, startTestServer, type TestServer } from "../fixtures/server.ts";
import { auditLedgerThenStop } from "../fixtures/money.ts";

/** Search, game and tag pages, follows and reports in chromium, on the DEMO community (real lives, replays, tournaments). */
let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startTestServer({ DEMO: "1" }, { ingest: true });
  browser = await launchChromium();
  await waitFor("the demo lives", async () => ((await new ApiBrowser(server.url).get("/api/stream/streams")).body.data.length >= 2 ? true : undefined), 30_000, 250);
}, SERVER_START_LIMIT_MS);
// Each test's pages close with it: left open, the lives they play kept decoding and every later test of the file ran
// slower, until one passed its 30 s limit.
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  if (server) await auditLedgerThenStop(server);
});

async function visitorPage(path: string): Promise<Page> {
  const context = await visitorContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(server.url + path);
  return page;
}

async function userPage(path: string) {
  const { browser: api, user } = await signedInUser(server);
  const context = await loggedInContext(browser, server.url, api.cookies.get("arena_session")!, user);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(server.url + path);
  return { page, user, api };
}

describe("top-bar search", () => {
  it("suggests games and channels as one types, moves with the arrow keys, and opens the results page on Enter", async () => {
    const page = await visitorPage("/");
    const box = page.getByRole("combobox", { name: "Rechercher" });
    await box.fill("ZELD");
    const option = page.getByRole("option", { name: /ZeldaPro/ });
    await option.waitFor();
    await box.press("ArrowDown");
    expect(await option.getAttribute("aria-selected")).toBe("true");
    await box.press("Enter");
    await page.waitForURL(`${server.url}/profile/ZeldaPro`);

    await box.fill("LÉGEN");
    await page.getByRole("option", { name: "Apex Legends" }).waitFor();
    await box.fill("league");
    await page.getByRole("option", { name: "League of Legends" }).click();
    await page.waitForURL(`${server.url}/game/1`);
    await box.fill("league");
    await page.getByRole("option", { name: "League of Legends" }).waitFor();
    await box.press("Enter");
    await page.waitForURL(`${server.url}/search/league`);
    await page.getByRole("heading", { name: "Résultats pour « league »" }).waitFor();
  });

  it("gives the results page its sections, accent-blind, and lets Filters hide one", async () => {
    const page = await visitorPage("/search/rhone");
    const tournaments = page.getByRole("region", { name: "Tournois" });
    await tournaments.getByText("Coupe du Rhône — League of Legends").waitFor();
    const videos = page.getByRole("region", { name: "Vidéos" });
    await videos.getByText("Finale de la LAN du Rhône — BO5 complet").waitFor();
    await page.getByText("Filtres").click();
    await page.getByRole("checkbox", { name: /Vidéos/ }).uncheck();
    expect(await videos.count()).toBe(0);
    expect(await tournaments.count()).toBe(1);

    await page.goto(`${server.url}/search/zzzz-nothing`);
    await page.getByText("Aucun résultat pour « zzzz-nothing ».").waitFor();
  });
});

describe("at 1366 px (issue 34, item 10)", () => {
  it("shows every member's card and the visitor's chat line whole, nothing cut", async () => {
    const context = await visitorContext(browser, { width: 1366, height: 768 });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/search/a`);
    const cards = page.getByRole("region", { name: "Utilisateurs" }).getByRole("article");
    await cards.first().waitFor();
    const cut = await cards.evaluateAll((articles) =>
      articles.flatMap((article) => {
        const box = article.getBoundingClientRect();
        return [...article.querySelectorAll("a, span, button")]
          .filter((part) => {
            const inner = part.getBoundingClientRect();
            return part.scrollWidth > part.clientWidth + 1 || inner.right > box.right + 1 || inner.left < box.left - 1;
          })
          .map((part) => (part as HTMLElement).innerText);
      }),
    );
    expect(await cards.count()).toBeGreaterThan(5);
    expect(cut).toEqual([]);

    await page.goto(`${server.url}/stream/ZeldaPro`);
    const field = page.getByRole("region", { name: "Chat" }).getByRole("textbox", { name: "Vous devez vous connecter" });
    await field.waitFor();
    // The placeholder's width in the field's own font, against the room the field gives it.
    const room = await field.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const pen = document.createElement("canvas").getContext("2d")!;
      pen.font = style.font;
      return { text: Math.ceil(pen.measureText(input.placeholder).width), room: input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) };
    });
    expect(room.text).toBeLessThanOrEqual(room.room);
  });
});

describe("follows", () => {
  it("follows from the results page, counts it, and unfollows after a confirmation", async () => {
    const { page, api } = await userPage("/search/kestrel");
    const result = page.getByRole("region", { name: "Utilisateurs" }).getByRole("article").filter({ hasText: "Kestrel" });
    const before = Number((await result.locator(".user-result-text .tabular").textContent())!.match(/\d+/)![0]);
    await result.getByRole("button", { name: "Suivre" }).click();
    // Spec 01 §7: the toast 'Followed'.
    await page.locator(".toaster").getByText("Suivi", { exact: true }).waitFor();
    await result.getByText(`${before + 1} abonnés`).waitFor();
    expect((await api.get("/api/stream/stream/Kestrel")).body.isFollowed).toBe(true);

    const followed = result.getByRole("button", { name: "Suivi : ne plus suivre Kestrel" });
    await followed.click();
    const dialog = page.getByRole("dialog", { name: "Ne plus suivre Kestrel ?" });
    await dialog.getByRole("button", { name: "Ne plus suivre" }).click();
    await result.getByRole("button", { name: "Suivre" }).waitFor();
    await page.locator(".toaster").getByText("Vous ne suivez plus Kestrel.").waitFor();
    expect((await api.get("/api/stream/stream/Kestrel")).body.isFollowed).toBe(false);
  });

  it("asks a visitor to log in, from the stream page", async () => {
    const page = await visitorPage("/stream/Kestrel");
    await page.getByRole("button", { name: "Suivre" }).first().click();
    await page.getByRole("dialog").getByRole("tab", { name: "Connexion" }).waitFor();
  });
});

describe("the stream page", () => {
  it("shares the page link to four networks, offers a donation to a paypal.me handle, and shows the verified badge", async () => {
    const page = await visitorPage("/stream/ZeldaPro");
    await page.getByRole("heading", { name: "Ranked jusqu'au Master avec la commu" }).waitFor();
    expect(await page.getByRole("link", { name: "Faire un don" }).getAttribute("href")).toBe("https://www.paypal.me/ZeldaPro");
    await page.locator(".stream-info").getByRole("img", { name: "Vérifié" }).waitFor();
    await page.getByRole("button", { name: "Partager" }).click();
    const dialog = page.getByRole("dialog", { name: "Partager le stream" });
    const link = dialog.getByLabel("Lien du stream");
    expect(await link.inputValue()).toBe(`${server.url}/stream/ZeldaPro`);
    expect(await link.getAttribute("readonly")).not.toBeNull();
    for (const network of ["Facebook", "X", "WhatsApp", "Telegram"]) {
      expect(await dialog.getByRole("link", { name: `Partager sur ${network}` }).getAttribute("href")).toContain(encodeURIComponent(`${server.url}/stream/ZeldaPro`));
    }
  });

  it("gives phones the player, title, viewers and streamer, then the Chat and Details tabs", async () => {
    const context = await visitorContext(browser, { width: 375, height: 812 });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/stream/ZeldaPro`);
    await page.getByText("Ranked jusqu'au Master avec la commu").first().waitFor();
    await page.getByRole("tab", { name: "Chat", selected: true }).waitFor();
    await page.getByRole("tabpanel", { name: "Chat" }).getByRole("textbox", { name: "Vous devez vous connecter" }).waitFor();
    await page.getByRole("tab", { name: "Détails" }).click();
    await page.getByRole("tabpanel", { name: "Détails" }).getByRole("link", { name: "League of Legends", exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

describe("layout sizes (spec 01 §9)", () => {
  const width = async (locator: Locator) => Math.round((await locator.boundingBox())!.width);

  it("gives the sidebar 255 px (65 px collapsed), the chat 300 px and a stream card 275 px, 210 px up to 768 px", async () => {
    const page = await visitorPage("/stream/ZeldaPro");
    expect(await width(page.getByRole("navigation", { name: "Navigation principale" }))).toBe(255);
    await page.setViewportSize({ width: 1024, height: 900 });
    await waitFor("the collapsed sidebar", async () => ((await width(page.getByRole("navigation", { name: "Navigation principale" }))) === 65 ? true : undefined));
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(await width(page.getByRole("region", { name: "Chat" }))).toBe(300);
    await page.goto(`${server.url}/`);
    const card = page.getByRole("region", { name: "Lives recommandés" }).getByRole("article").first();
    await card.waitFor();
    expect(await width(card)).toBe(275);
    await page.setViewportSize({ width: 768, height: 900 });
    await waitFor("the narrow card", async () => ((await width(card)) === 210 ? true : undefined));
  });
});

describe("game and tag pages", () => {
  it("shows a game's lives, replays and tournaments in its tabs", async () => {
    const page = await visitorPage("/game/1");
    await page.getByRole("heading", { name: "League of Legends", level: 1 }).waitFor();
    // Spec 01 §2: the portrait image is the banner, the landscape image the poster, the description 4 lines at most.
    expect(await page.locator("img.game-banner").getAttribute("src")).toBeTruthy();
    expect(await page.locator("img.game-poster").getAttribute("src")).toBeTruthy();
    expect(await page.locator(".game-description-clamped").evaluate((element) => getComputedStyle(element).webkitLineClamp)).toBe("4");
    await page.getByRole("tabpanel").getByRole("link", { name: "Ranked jusqu'au Master avec la commu" }).waitFor();
    await page.getByRole("tab", { name: "Vidéos" }).click();
    await page.getByRole("tabpanel").getByRole("link", { name: "Finale de la LAN du Rhône — BO5 complet" }).waitFor();
    expect(await page.getByRole("tabpanel").getByText("Clutchs de la semaine").count()).toBe(0);
    await page.getByRole("tab", { name: "Tournois" }).click();
    await page.getByRole("tabpanel").getByText("Coupe du Rhône — League of Legends").waitFor();
    expect(await page.getByRole("tabpanel").getByText("Kestrel Cup — CS2 Wingman").count()).toBe(0);
  });

  it("lists the lives of a tag, and every video and game", async () => {
    const page = await visitorPage("/tag/Ranked");
    await page.getByRole("heading", { name: "#Ranked" }).waitFor();
    await page.getByRole("tabpanel").getByRole("link", { name: "Ranked jusqu'au Master avec la commu" }).waitFor();
    expect(await page.getByRole("tabpanel").getByRole("article").count()).toBe(1);
    await page.getByRole("tab", { name: "Vidéos et jeux" }).click();
    await page.getByRole("tabpanel").getByText("Clutchs de la semaine").waitFor();
    await page.getByRole("tabpanel").locator("a.game-card", { hasText: "Valorant" }).waitFor();
  });
});

describe("reports", () => {
  it("needs a reason of 10 characters, then stores the report for the moderators", async () => {
    const { page, user } = await userPage("/stream/Kestrel");
    await page.getByRole("button", { name: "Plus d'actions" }).click();
    await page.getByRole("menuitem", { name: "Signaler" }).click();
    const dialog = page.getByRole("dialog", { name: "Signaler Kestrel" });
    await dialog.getByRole("button", { name: "Signaler" }).click();
    await dialog.getByText("Vous devez donner une raison pour signaler !").waitFor();
    await dialog.getByRole("radio", { name: "Autre chose" }).check();
    await dialog.getByLabel("Dites-nous en plus").fill("trop court");
    await dialog.getByLabel("Dites-nous en plus").fill("court");
    await dialog.getByRole("button", { name: "Signaler" }).click();
    await dialog.getByText("Vous devez donner une raison pour signaler !").waitFor();
    await dialog.getByLabel("Dites-nous en plus").fill("Le live montre des insultes en boucle.");
    await dialog.getByRole("button", { name: "Signaler" }).click();
    await page.getByText("Merci, votre signalement a été envoyé à la modération.").waitFor();
    const stored = await server.deps.db.selectFrom("report").selectAll().where("reporter_id", "=", user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ target_type: "stream", reason: "Le live montre des insultes en boucle.", status: "open" });
  });

  it("sends a visitor to the login dialog instead", async () => {
    const page = await visitorPage("/");
    const card = page.getByRole("region", { name: "Lives recommandés" }).getByRole("article").first();
    await card.getByRole("button", { name: /^Actions pour le live de / }).click();
    await page.getByRole("menuitem", { name: "Signaler" }).click();
    await page.getByRole("dialog").getByRole("tab", { name: "Connexion" }).waitFor();
  });
});

describe("sidebar channels", () => {
  it("recommends the live channels to a visitor, and lists the channels a user follows, live first", async () => {
    const page = await visitorPage("/");
    const recommended = page.getByRole("region", { name: "Chaînes recommandées" });
    await recommended.getByRole("link", { name: /ZeldaPro/ }).waitFor();
    expect(await recommended.getByRole("link").count()).toBe(2);

    const { page: userView, api } = await userPage("/");
    const following = userView.getByRole("region", { name: "Chaînes suivies" });
    await following.getByText("Les chaînes que vous suivez apparaîtront ici.").waitFor();
    for (const name of ["LaFleche", "Kestrel"]) {
      const { user } = (await api.get(`/api/stream/stream/${name}`)).body as { user: number };
      expect((await api.post("/api/stream/follow", { channelId: user })).status).toBe(200);
    }
    await userView.reload();
    const links = following.getByRole("link");
    await links.nth(1).waitFor();
    expect(await links.allTextContents()).toEqual([expect.stringContaining("Kestrel"), expect.stringContaining("LaFleche")]);
    await following.getByText("Hors ligne").waitFor();
  });
});

describe("profiles", () => {
  it("shows anyone's public profile: live link, about cut at 230 characters, socials and their videos", async () => {
    const about = `${"Joueuse de support depuis dix ans, je stream la nuit. ".repeat(5)}Fin du texte.`;
    await server.deps.db.updateTable("user").set({ about }).where("username", "=", "Kestrel").execute();
    const page = await visitorPage("/profile/Kestrel");
    await page.getByRole("heading", { name: /^Kestrel/, level: 1 }).waitFor();
    expect(await page.getByRole("link", { name: "En direct maintenant" }).getAttribute("href")).toBe("/stream/Kestrel");
    await page.getByText(about.slice(0, 40)).waitFor();
    expect(await page.getByText("Fin du texte.").count()).toBe(0);
    await page.getByRole("button", { name: "Lire la suite" }).click();
    await page.getByText(/Fin du texte\./).waitFor();
    expect(await page.getByRole("link", { name: "Site web" }).getAttribute("href")).toBe("https://kestrel.example.org/");
    await page.getByRole("tab", { name: "Vidéos" }).click();
    await page.getByRole("tabpanel").getByText("Clutchs de la semaine").waitFor();
    expect(await page.getByRole("tabpanel").getByText("Climb Diamant → Master en une soirée").count()).toBe(0);
  });

  it("gives a member on someone else's profile follow, donate and report", async () => {
    const { page } = await userPage("/profile/ZeldaPro");
    await page.getByRole("heading", { name: /^ZeldaPro/, level: 1 }).waitFor();
    await page.getByRole("button", { name: "Suivre", exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Faire un don" }).getAttribute("href")).toBe("https://www.paypal.me/ZeldaPro");
    await page.getByRole("button", { name: "Plus d'actions" }).click();
    await page.getByRole("menuitem", { name: "Signaler" }).click();
    await page.getByRole("dialog", { name: "Signaler ZeldaPro" }).waitFor();
  });

  it("gives the owner an avatar upload and their followers; a visitor's /profile asks for a login", async () => {
    const { page, user, api } = await userPage("/profile");
    await page.getByRole("heading", { name: user.username, level: 1 }).waitFor();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Changer l'avatar" }).click();
    await (await chooser).setFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(await makeImage("png", "300x300")) });
    await page.getByText("Photo de profil mise à jour avec succès !").waitFor();
    const avatar = (await api.get(`/api/stream/profile/${user.username}`)).body.avatar as string;
    expect(avatar).toMatch(/^\/uploads\/avatars\//);
    await page.locator(`.profile-avatar img[src="${avatar}"]`).waitFor();

    const fan = await signedInUser(server);
    expect((await fan.browser.post("/api/stream/follow", { channelId: user.id })).status).toBe(200);
    await page.reload();
    await page.getByRole("tab", { name: "Abonnés" }).click();
    await page
      .getByRole("tabpanel")
      .getByRole("link", { name: new RegExp(fan.user.username) })
      .waitFor();

    const visitor = await visitorPage("/profile");
    await visitor.waitForURL(`${server.url}/?noAuth=true`);
    await visitor.getByRole("dialog").waitFor();
  });
});

describe("dashboard and moderation", () => {
  it("gives a viewer their tiles and figures, and a moderator the report queue to dismiss or act on", async () => {
    const viewer = await userPage("/dashboard");
    await viewer.page.getByRole("heading", { name: "Mon tableau de bord" }).waitFor();
    await viewer.page.getByRole("navigation", { name: "Actions rapides" }).getByRole("link", { name: "Événements" }).waitFor();
    await viewer.page.getByRole("region", { name: "Statistiques" }).getByText("Chaînes suivies", { exact: true }).waitFor();
    expect(await viewer.page.getByRole("region", { name: "Signalements" }).count()).toBe(0);

    const troll = await signedInUser(server);
    const reporter = await signedInUser(server);
    expect((await reporter.browser.post("/api/report", { targetType: "user", targetId: troll.user.id, reason: "Insultes répétées dans le chat." })).status).toBe(201);
    expect((await reporter.browser.post("/api/report", { targetType: "user", targetId: troll.user.id, reason: "Je me suis trompé de personne." })).status).toBe(201);

    const moderator = await signedInUser(server);
    await server.deps.db.updateTable("user").set({ role: "moderator" }).where("id", "=", moderator.user.id).execute();
    const context = await loggedInContext(browser, server.url, moderator.browser.cookies.get("arena_session")!, { ...moderator.user, role: "moderator" });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole("heading", { name: "Tableau de bord modération" }).waitFor();
    await page.getByRole("region", { name: "Statistiques" }).getByText("Signalements à traiter").waitFor();
    const queue = page.getByRole("region", { name: "Signalements" });
    const mistaken = queue.getByRole("listitem").filter({ hasText: "Je me suis trompé de personne." });
    await mistaken.getByRole("button", { name: "Classer sans suite" }).click();
    await page.getByText("Signalement classé sans suite.").waitFor();
    await mistaken.waitFor({ state: "detached" });
    const insults = queue.getByRole("listitem").filter({ hasText: "Insultes répétées dans le chat." });
    await insults.getByRole("button", { name: "Suspendre le compte" }).click();
    await page.getByRole("dialog", { name: "Suspendre le compte" }).getByRole("button", { name: "Suspendre le compte" }).click();
    await page.getByText("Compte suspendu.").waitFor();
    const login = await new ApiBrowser(server.url).post("/api/auth/login", { login: troll.account.username, password: troll.account.password });
    expect(login.status).not.toBe(200);
    await queue.getByRole("combobox", { name: "Afficher" }).selectOption("actioned");
    await queue.getByText("Insultes répétées dans le chat.").waitFor();
  });
});

describe("events, tickets and the wallet", () => {
  it("lists events by category and search, and sends a visitor to the login to register", async () => {
    const page = await visitorPage("/events");
    await page.getByRole("heading", { name: "Événements" }).waitFor();
    const cards = page.getByRole("article");
    await cards.nth(2).waitFor();
    expect(await cards.count()).toBe(3);
    await page.getByRole("tab", { name: "Atelier" }).click();
    await waitFor("one workshop", async () => (await cards.count()) === 1);
    await page.getByRole("tab", { name: "Tous" }).click();
    await page.getByLabel("Rechercher un événement").fill("visionnage");
    await waitFor("one watch party", async () => (await cards.count()) === 1 && (await cards.first().textContent())?.includes("Soirée de visionnage"));
    await cards
      .first()
      .getByRole("link", { name: /Soirée de visionnage/ })
      .click();
    await page.getByRole("heading", { name: "Soirée de visionnage — finale régionale" }).waitFor();
    await page.getByRole("button", { name: "Se connecter pour s'inscrire" }).click();
    await page.getByRole("dialog").waitFor();

    await page.goto(`${server.url}/events/no-such-event`);
    await page.waitForURL(`${server.url}/events`);
    await page.getByText("Événement introuvable").waitFor();
  });

  it("registers, refuses a ticket beyond the balance with the spec's words, tops up in demo, buys, and shows the QR code", async () => {
    const event = (await new ApiBrowser(server.url).get("/api/events?search=OBS")).body.events[0] as { slug: string; id: number };
    const { page, api } = await userPage(`/events/${event.slug}`);
    await page.getByRole("button", { name: "S'inscrire" }).click();
    await page.getByRole("button", { name: "Se désinscrire" }).waitFor();

    const panel = page.getByRole("region", { name: "Billets" });
    await panel.getByRole("button", { name: "Acheter le billet" }).click();
    await panel.getByText("Veuillez sélectionner un type de billet").waitFor();
    await panel.getByRole("radio", { name: /Billet Match/ }).check();
    await panel.getByRole("button", { name: "Acheter le billet" }).click();
    await panel.getByText("Solde insuffisant. Requis: 100 G-Coins, Disponible: 0 G-Coins").waitFor();

    await page.goto(`${server.url}/top-up`);
    await page.getByRole("button", { name: "Ajouter 1000 G-Coins de test" }).click();
    await page.getByText("1000 G-Coins ajoutés à votre portefeuille.").waitFor();
    await page.getByRole("link", { name: "Portefeuille : 1K G-Coins" }).waitFor();

    await page.goto(`${server.url}/events/${event.slug}`);
    await panel.getByRole("radio", { name: /Billet Match/ }).check();
    await panel.getByRole("button", { name: "Acheter le billet" }).click();
    const ticket = page.getByRole("region", { name: "Votre billet" });
    await ticket
      .getByRole("img", { name: /^QR code du billet / })
      .locator("svg")
      .waitFor();
    const mine = (await api.get("/api/tickets/user")).body.tickets as { code: string }[];
    expect(mine).toHaveLength(1);
    await ticket.getByText(mine[0]!.code).waitFor();

    await page.goto(`${server.url}/wallet/history`);
    await page.getByRole("cell", { name: "-100" }).waitFor();
    await page.getByText("900 G-Coins").first().waitFor();
  });
});

describe("my events", () => {
  it("lists the events one organises, publishes a draft, and lists the events one joined", async () => {
    const organiser = new ApiBrowser(server.url);
    const login = await organiser.post("/api/auth/login", { login: "Kestrel", password: "demo password" });
    expect(login.status).toBe(200);
    const start = new Date(Date.now() + 20 * 24 * 3600_000).toISOString();
    const created = await organiser.post("/api/events", {
      name: "Atelier caméra",
      description: "Régler sa webcam et sa lumière pour le stream.",
      categoryId: 4,
      startDate: start,
      maxParticipants: 10,
    });
    expect(created.status).toBe(201);
    const context = await loggedInContext(browser, server.url, organiser.cookies.get("arena_session")!, login.body.user);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/my-events`);
    const draft = page.getByRole("article").filter({ hasText: "Atelier caméra" });
    await draft.getByText("Brouillon").waitFor();
    await draft.getByRole("button", { name: "Publier" }).click();
    await draft.getByText("Ouvert", { exact: true }).waitFor();
    await draft.getByRole("link", { name: "Voir" }).waitFor();

    await page.getByRole("tab", { name: "Événements rejoints" }).click();
    await page.getByRole("tabpanel").getByText("Vous n'avez rejoint aucun événement.").waitFor();
    await page.getByRole("tabpanel").getByRole("link", { name: "Voir les événements" }).waitFor();
  });
});

describe("create event", () => {
  it("checks the fields in the spec's order, estimates the cost live with the server's formula, previews, and debits that cost", async () => {
    const { page, api, user } = await userPage("/events/create");
    await page.getByRole("heading", { name: "Créer un événement" }).waitFor();
    await page.getByRole("button", { name: "Créer un événement" }).click();
    await page.getByText("Le nom de l'événement est obligatoire et doit contenir au moins 3 caractères").first().waitFor();
    await page.getByLabel("Nom de l'événement").fill("Atelier montage");
    await page.getByLabel("Description").fill("Monter ses meilleurs moments de stream en clips.");
    await page.getByLabel("Catégorie").selectOption({ label: "Atelier" });
    const day = new Date(Date.now() + 10 * 24 * 3600_000);
    const local = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}T18:00`;
    await page.getByLabel("Début").fill(local(day));
    const cost = page.getByRole("region", { name: "Coût de création" });
    // Unlimited seats cost like the largest events (× 3); 200 seats × 2.
    await cost.getByText("195 G-Coins").waitFor();
    await page.getByLabel("Places").fill("200");
    await cost.getByText("130 G-Coins").waitFor();
    await page.getByRole("button", { name: "Aperçu" }).click();
    await page.getByRole("article", { name: "Aperçu" }).getByText("Atelier montage").waitFor();

    // Not enough G-Coins yet: creating is not offered, and the note says why.
    await page.getByText("Solde insuffisant : créer cet événement coûte 130 G-Coins, vous en avez 0.").waitFor();
    expect(await page.getByRole("button", { name: "Créer un événement" }).isDisabled()).toBe(true);
    expect((await api.get("/api/events/my-events")).body.events).toHaveLength(0);

    expect((await api.post("/api/wallet/credit", { userId: user.id, amount: 1000 })).status).toBe(200);
    // Back from topping up in another tab: the page becomes visible again and reads the balance anew.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.getByText(/^Solde insuffisant/).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Créer un événement" }).click();
    await page.waitForURL(`${server.url}/my-events`);
    await page.getByText("Événement créé avec succès ! 130 G-Coins débités de votre portefeuille.").waitFor();
    expect((await api.get(`/api/wallet/balance/${user.id}`)).body.balance).toBe(870);
  });
});

describe("manage event", () => {
  it("shows the organiser's figures, filters and approves registrations, assigns a streamer, and deletes the event with refunds", async () => {
    const organiser = new ApiBrowser(server.url);
    const login = await organiser.post("/api/auth/login", { login: "ZeldaPro", password: "demo password" });
    const context = await loggedInContext(browser, server.url, organiser.cookies.get("arena_session")!, login.body.user);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/events/lan-du-rhone-2027/manage`);
    await page.getByRole("heading", { name: "LAN du Rhône 2027" }).waitFor();
    const stat = (name: string) => page.locator(".dashboard-stat", { hasText: name }).locator(".dashboard-stat-value");
    await waitFor("the figures", async () => (await stat("En attente").textContent()) === "2");
    expect(await stat("Approuvés").textContent()).toBe("3");

    await page.getByRole("tab", { name: "Participants" }).click();
    await page.getByRole("button", { name: "En attente" }).click();
    const rows = page.getByRole("tabpanel").getByRole("listitem");
    await waitFor("two pending", async () => (await rows.count()) === 2);
    await page.getByRole("button", { name: "Approuver Orion" }).click();
    await page.getByText("Inscription acceptée.").waitFor();
    await waitFor("one pending", async () => (await rows.count()) === 1);

    await page.getByRole("tab", { name: "Streamers" }).click();
    await page.getByRole("button", { name: "Assigner" }).click();
    await page.getByText("Veuillez sélectionner un streamer").waitFor();
    await page.getByLabel("Streamer", { exact: true }).selectOption({ label: "Kestrel" });
    await page.getByLabel("Rôle").selectOption({ label: "Co-streamer" });
    await page.getByRole("button", { name: "Assigner" }).click();
    await page.getByRole("tabpanel").getByRole("listitem").filter({ hasText: "Kestrel" }).getByText("Co-streamer").waitFor();

    await page.getByRole("tab", { name: "Paramètres" }).click();
    await page.getByRole("button", { name: "Supprimer l'événement" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer l'événement" }).click();
    await page.waitForURL(`${server.url}/my-events`);
    const status = (await organiser.get("/api/events/my-events")).body.events.find((e: { slug: string }) => e.slug === "lan-du-rhone-2027")?.status;
    expect(status ?? "cancelled").toBe("cancelled");
  });
});
