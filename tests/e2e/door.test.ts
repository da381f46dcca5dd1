import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { loggedInContext } from "../fixtures/e2e.ts";
import { waitFor } from "../fixtures/publisher.ts";
import { qrPhoto, showQrToCamera, useServerAndFakeCamera } from "../fixtures/qr-video.ts";
import { Browser as ApiBrowser, signedInUser } from "../fixtures/server.ts";

/**
 * The door, end to end in chromium: an organiser funds and publishes an event, a viewer buys a ticket,
 * and the organiser's door screen reads its QR code through a camera (chromium's fake camera playing
 * a picture of that very code), then refuses it the second time.
 */
const ADMIN = { ADMIN_USERNAME: "desk_admin", ADMIN_EMAIL: "desk@example.test", ADMIN_PASSWORD: "desk admin password" };
const handles = useServerAndFakeCamera({ DEMO: "1", ...ADMIN });

async function userPage(options: { permissions?: string[]; withoutCamera?: boolean } = {}) {
  const { browser: api, user } = await signedInUser(handles.server);
  const context = await loggedInContext(handles.browser, handles.server.url, api.cookies.get("arena_session")!, user);
  handles.contexts.push(context);
  if (options.permissions) await context.grantPermissions(options.permissions, { origin: handles.server.url });
  // Over plain HTTP on a LAN address the browser gives pages no camera; this is how such a page looks.
  if (options.withoutCamera) await context.addInitScript(() => Object.defineProperty(navigator, "mediaDevices", { value: undefined }));
  return { page: await context.newPage(), api, user };
}

async function topUp(page: Page) {
  await page.goto(`${handles.server.url}/top-up`);
  expect(await page.getByRole("region", { name: "Créditer un membre" }).count()).toBe(0);
  await page.getByRole("button", { name: "Ajouter 1000 G-Coins de test" }).click();
  await page.getByText("1000 G-Coins ajoutés à votre portefeuille.").waitFor();
}

describe("door check-in", () => {
  it("sells a ticket, admits its QR code through the camera once, refuses the second scan, and keeps checking offline", async () => {
    const organiser = await userPage({ permissions: ["camera"] });
    await topUp(organiser.page);
    await organiser.page.goto(`${handles.server.url}/events/create`);
    await organiser.page.getByLabel("Nom de l'événement").fill("LAN de la Saint-Jean");
    await organiser.page.getByLabel("Description").fill("Une nuit de jeux en réseau, billets à l'entrée.");
    await organiser.page.getByLabel("Catégorie").selectOption({ label: "LAN party" });
    const day = new Date(Date.now() + 12 * 24 * 3600_000);
    await organiser.page.getByLabel("Début").fill(`${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}T19:00`);
    await organiser.page.getByLabel("Places").fill("30");
    await organiser.page.getByLabel("Prix de référence (€)").fill("12");
    await organiser.page.getByRole("button", { name: "Créer un événement" }).click();
    await organiser.page.waitForURL(`${handles.server.url}/my-events`);
    const card = organiser.page.getByRole("article").filter({ hasText: "LAN de la Saint-Jean" });
    await card.getByRole("button", { name: "Publier" }).click();
    await card.getByText("Ouvert", { exact: true }).waitFor();
    const event = (await organiser.api.get("/api/events/my-events")).body.events[0] as { slug: string };

    const viewer = await userPage();
    await topUp(viewer.page);
    await viewer.page.goto(`${handles.server.url}/events/${event.slug}`);
    await viewer.page.getByRole("button", { name: "S'inscrire" }).click();
    await viewer.page.getByRole("button", { name: "Se désinscrire" }).waitFor();
    const panel = viewer.page.getByRole("region", { name: "Billets" });
    await panel.getByRole("radio", { name: /Billet Match/ }).check();
    await panel.getByRole("button", { name: "Acheter le billet" }).click();
    await viewer.page
      .getByRole("region", { name: "Votre billet" })
      .getByRole("img", { name: /^QR code du billet / })
      .locator("svg")
      .waitFor();
    const ticket = (await viewer.api.get("/api/tickets/user")).body.tickets[0] as { code: string; qr_code: string };
    await viewer.page.goto(`${handles.server.url}/my-tickets`);
    await viewer.page.getByRole("region", { name: "LAN de la Saint-Jean" }).getByText(ticket.code).waitFor();

    showQrToCamera(handles.camera, ticket.qr_code);
    await organiser.page.goto(`${handles.server.url}/events/${event.slug}/manage`);
    await organiser.page.getByRole("link", { name: "Contrôler les billets" }).click();
    await organiser.page.getByRole("heading", { name: "Contrôle des billets" }).waitFor();
    const result = organiser.page.getByRole("status");
    await result.getByText("Entrée validée").waitFor({ timeout: 15_000 });
    await result.getByText(viewer.user.username).waitFor();
    await result.getByText("Billet Match").waitFor();
    await organiser.page.getByText("1 / 1 entrés").waitFor();

    await result.getByRole("button", { name: "Billet suivant" }).click();
    await result.getByText("Entrée refusée").waitFor({ timeout: 15_000 });
    await result.getByText(/^Déjà contrôlé à \d\d:\d\d\.$/).waitFor();
    await result.getByText(viewer.user.username).waitFor();
    expect((await viewer.api.get("/api/tickets/user")).body.tickets[0].checkedInAt).not.toBeNull();

    await result.getByRole("button", { name: "Billet suivant" }).click();
    await organiser.page.getByRole("button", { name: "Arrêter la caméra" }).click();
    await organiser.page.getByRole("button", { name: "Valider le code" }).click();
    await organiser.page.getByText("Saisissez le code du billet.").waitFor();
    await organiser.page.getByLabel("Code du billet").fill("AAAAAAAAAAAA");
    await organiser.page.getByRole("button", { name: "Valider le code" }).click();
    await result.getByText("Aucun billet ne porte ce code : vérifiez-le, lettre par lettre.").waitFor();
    await result.getByRole("button", { name: "Billet suivant" }).click();
    await organiser.page.getByLabel("Code du billet").fill(`${ticket.qr_code.slice(0, -4)}AAAA`);
    await organiser.page.getByRole("button", { name: "Valider le code" }).click();
    await result.getByText("Ce QR code n'est pas un billet de ce serveur (falsifié ou abîmé).").waitFor();
    await organiser.page.getByRole("list").filter({ hasText: "Billet inconnu" }).getByRole("listitem").nth(3).waitFor();

    // The network drops: the door checks on its own with the server's key and its last list, then
    // hands its check-ins over when the network is back.
    const second = (
      await viewer.api.post("/api/tickets/purchase", { userId: viewer.user.id, eventId: (await viewer.api.get(`/api/events/${event.slug}`)).body.event.id, ticketType: "match", price: 100 })
    ).body.ticket as { code: string; qr_code: string };
    await result.getByRole("button", { name: "Billet suivant" }).click();
    await organiser.page.getByLabel("Code du billet").fill("AAAAAAAAAAAA");
    await organiser.page.getByRole("button", { name: "Valider le code" }).click();
    await organiser.page.getByText("1 / 2 entrés").waitFor();
    await result.getByRole("button", { name: "Billet suivant" }).click();
    await organiser.page.context().setOffline(true);
    const typeAndCheck = async (code: string) => {
      await organiser.page.getByLabel("Code du billet").fill(code);
      await organiser.page.getByRole("button", { name: "Valider le code" }).click();
    };
    await typeAndCheck(second.qr_code);
    await result.getByText("Entrée validée").waitFor();
    await result.getByText(viewer.user.username).waitFor();
    await result.getByText("Vérifié sur cet appareil (hors ligne)").waitFor();
    await organiser.page.getByText("Hors ligne : les billets sont vérifiés sur cet appareil avec la clé du serveur. 1 entrée à transmettre.").waitFor();
    await result.getByRole("button", { name: "Billet suivant" }).click();
    await typeAndCheck(second.qr_code);
    await result.getByText(/^Déjà contrôlé à \d\d:\d\d\.$/).waitFor();
    await result.getByRole("button", { name: "Billet suivant" }).click();
    await typeAndCheck(`${second.qr_code.slice(0, -4)}AAAA`);
    await result.getByText("Ce QR code n'est pas un billet de ce serveur (falsifié ou abîmé).").waitFor();
    expect((await viewer.api.get("/api/tickets/user")).body.tickets.find((t: { code: string }) => t.code === second.code).checkedInAt).toBeNull();

    await organiser.page.context().setOffline(false);
    await waitFor(
      "the offline check-in reaches the server",
      async () => (await viewer.api.get("/api/tickets/user")).body.tickets.find((t: { code: string }) => t.code === second.code).checkedInAt !== null,
    );
    await waitFor("nothing left to hand over", async () => (await organiser.page.getByText(/à transmettre/).count()) === 0);
    // The next check, online, refreshes the count. (The list the door re-read at the reconnect may be its service
    // worker's kept copy: Playwright gives the page its network back before the worker, which no real network does.)
    await result.getByRole("button", { name: "Billet suivant" }).click();
    await typeAndCheck("AAAAAAAAAAAA");
    await result.getByText("Aucun billet ne porte ce code : vérifiez-le, lettre par lettre.").waitFor();
    await organiser.page.getByText("2 / 2 entrés").waitFor();
  }, 120_000);

  it("reads a photo of the ticket when the page may not open the camera, and keeps another organiser out of the door and the manage page", async () => {
    const organiser = await userPage({ withoutCamera: true });
    await topUp(organiser.page);
    const start = new Date(Date.now() + 9 * 24 * 3600_000).toISOString();
    const created = await organiser.api.post("/api/events", {
      name: "Tournoi du quartier",
      description: "Un après-midi de jeux entre voisins.",
      categoryId: 1,
      startDate: start,
      maxParticipants: 20,
      ticketPrice: 5,
    });
    const slug = created.body.event.slug as string;
    expect((await organiser.api.json("PUT", `/api/events/${slug}/publish`)).status).toBe(200);
    const viewer = await signedInUser(handles.server);
    expect((await organiser.api.post("/api/wallet/credit", { userId: viewer.user.id, amount: 100 })).status).toBe(403);
    expect((await viewer.browser.post("/api/wallet/credit", { userId: viewer.user.id, amount: 1000 })).status).toBe(200);
    const bought = await viewer.browser.post("/api/tickets/purchase", { userId: viewer.user.id, eventId: created.body.event.id, ticketType: "match", price: 100 });
    expect(bought.status).toBe(201);

    await organiser.page.goto(`${handles.server.url}/events/${slug}/scan`);
    await organiser.page.getByText("Le navigateur n'ouvre pas la caméra sur cette adresse (il faut HTTPS ou localhost) : photographiez le QR code ou saisissez son code.").waitFor();
    await organiser.page.getByLabel("Photographier le QR code").setInputFiles({ name: "ticket.png", mimeType: "image/png", buffer: Buffer.from(await qrPhoto(bought.body.ticket.qr_code)) });
    const result = organiser.page.getByRole("status");
    await result.getByText("Entrée validée").waitFor();
    await result.getByText(viewer.user.username).waitFor();

    const stranger = await userPage();
    await stranger.page.goto(`${handles.server.url}/events/${slug}/scan`);
    await stranger.page.getByText("Seul l'organisateur de l'événement peut contrôler ses billets.").waitFor();
    expect((await stranger.api.post("/api/tickets/validate", { qr: bought.body.ticket.qr_code })).status).toBe(403);
    await stranger.page.goto(`${handles.server.url}/events/${slug}/manage`);
    await stranger.page.waitForURL(`${handles.server.url}/events/${slug}`);
    await stranger.page.getByText("Vous n'êtes pas autorisé à gérer cet événement").waitFor();
  }, 60_000);

  it("lets an admin credit a member at the desk, by username", async () => {
    const admin = new ApiBrowser(handles.server.url);
    const login = await admin.post("/api/auth/login", { login: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD });
    const context = await loggedInContext(handles.browser, handles.server.url, admin.cookies.get("arena_session")!, login.body.user);
    handles.contexts.push(context);
    const page = await context.newPage();
    const member = await signedInUser(handles.server);
    await page.goto(`${handles.server.url}/top-up`);
    const desk = page.getByRole("region", { name: "Créditer un membre" });
    await desk.getByRole("button", { name: "Créditer" }).click();
    await desk.getByText("Saisissez le nom d'utilisateur du membre.").waitFor();
    await desk.getByText("Le montant doit être un nombre entier de G-Coins supérieur à 0.").waitFor();
    await desk.getByLabel("Nom d'utilisateur du membre").fill("personne_ici");
    await desk.getByLabel("Montant (G-Coins)").fill("250");
    await desk.getByRole("button", { name: "Créditer" }).click();
    await desk.getByText("Aucun membre ne porte ce nom d'utilisateur.").waitFor();
    await desk.getByLabel("Nom d'utilisateur du membre").fill(member.user.username);
    await desk.getByRole("button", { name: "Créditer" }).click();
    await page.getByText(`250 G-Coins crédités à ${member.user.username} (solde : 250).`).waitFor();
    expect((await member.browser.get(`/api/wallet/balance/${member.user.id}`)).body.balance).toBe(250);
    expect((await member.browser.speaking("fr").get("/api/wallet/transactions")).body.transactions[0].description).toBe("Paiement au guichet");
  }, 60_000);
});
