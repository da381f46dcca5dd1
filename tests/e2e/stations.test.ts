import { describe, expect, it } from "bun:test";
import type { BrowserContext } from "playwright-core";
import { createChannel } from "../../server/channels/own-channel.ts";
import { contextFor, newMemberContext, useServerAndBrowser } from "../fixtures/e2e.ts";
import { signedInUser } from "../fixtures/server.ts";
import { fullTournamentOfFour } from "../fixtures/tournaments.ts";

// Stations and match streams (issue 18, item 1): the organiser declares two stations, one streamed by
// a channel whose streamer accepts from their dashboard (issue 34, item 17), turns auto-assign on; the match cards show their stations, the streamed one a watch link
// and a live badge once the channel is on air; the channel's stream page shows the match, live.

const handles = useServerAndBrowser();

const loggedIn = () => newMemberContext(handles);
const visitor = (): Promise<BrowserContext> => contextFor(handles, null);

describe("stations and match streams", () => {
  it("the organiser declares two stations and auto-assigns; cards show stations, watch links and live badges; the stream page shows the match and its chat the bracket's lines", async () => {
    const organiser = await loggedIn();
    const id = await fullTournamentOfFour(handles.server, organiser);
    const streamer = await signedInUser(handles.server);
    const channel = await createChannel(handles.server.deps, streamer.user.id);
    const caster = streamer.account.username;

    const page = await organiser.context.newPage();
    await page.goto(`${handles.server.url}/tournament/${id}?tab=brackets`);
    const panel = page.getByRole("region", { name: "Postes" });
    await panel.getByText(/Aucun poste pour l'instant/).waitFor();

    // Before the start: an unknown channel is refused under its field; then the two stations are declared.
    await panel.getByLabel("Nom du poste").fill("Scène");
    await panel.getByLabel("Chaîne (nom d'utilisateur du streamer, facultatif)").fill("personne-de-ce-nom");
    await panel.getByRole("button", { name: "Ajouter un poste" }).click();
    await panel.getByText("Aucune chaîne n'a ce nom d'utilisateur.").waitFor();
    await panel.getByLabel("Chaîne (nom d'utilisateur du streamer, facultatif)").fill(caster);
    await panel.getByRole("button", { name: "Ajouter un poste" }).click();
    // Another's channel is asked, not taken (issue 34, item 17): the caster accepts from their dashboard.
    await panel.getByText(`Demandé à ${caster} : diffusé dès son accord`).waitFor();
    const casterContext = await contextFor(handles, streamer);
    const dashboard = await casterContext.newPage();
    await dashboard.goto(`${handles.server.url}/dashboard`);
    const requests = dashboard.getByRole("region", { name: "On demande votre chaîne" });
    await requests.getByText(`${organiser.user.username} demande à diffuser le poste Scène de Finale LAN sur votre chaîne.`, { exact: false }).waitFor();
    await requests.getByRole("button", { name: "Accepter" }).click();
    await dashboard.getByText("Votre chaîne diffuse ce poste").waitFor();
    await requests.waitFor({ state: "detached" });
    await dashboard.close();
    await panel.getByText(`Diffusé par ${caster}`).waitFor();
    await panel.getByLabel("Nom du poste").fill("Poste 2");
    await panel.getByRole("button", { name: "Ajouter un poste" }).click();
    await panel.getByText("Non diffusé").waitFor();

    // The stations were declared before the start; the tournament starts (from the dashboard) and the bracket comes, live.
    expect((await organiser.browser.post("/api/tournament/start-tournament", { tournmentID: id })).status).toBe(200);
    await page.locator(`article[data-match-id="${id}-0"]`).waitFor();

    // Auto-assign: the two first-round matches go to the two stations, and their cards say where.
    await panel.getByRole("switch", { name: "Attribution automatique" }).click();
    const [first, second] = [page.locator(`article[data-match-id="${id}-0"]`), page.locator(`article[data-match-id="${id}-1"]`)];
    await first.getByText("Scène").waitFor();
    await second.getByText("Poste 2").waitFor();
    const watch = first.getByRole("link", { name: `Regarder sur ${caster}` });
    expect(await watch.getAttribute("href")).toBe(`/stream/${caster}`);
    expect(await second.getByRole("link").count()).toBe(0);
    expect(await panel.getByLabel("Match au poste Scène").inputValue()).toBe(`${id}-0`);

    // The channel goes on air: the card shows "live" and the page its "Live now" strip, without a reload.
    await handles.server.deps.db.updateTable("channel").set({ is_live: 1 }).where("id", "=", channel.id).execute();
    handles.server.deps.bus.emit("stream:started", { channelId: channel.id, username: caster });
    await first.getByText("En direct", { exact: true }).waitFor();
    const strip = page.getByRole("region", { name: "En direct maintenant" });
    await strip.getByRole("link", { name: new RegExp(`^Regarder sur ${caster} : .+ contre .+$`) }).waitFor();
    expect(await second.getByText("En direct", { exact: true }).count()).toBe(0);

    // A viewer on the channel's stream page (off air again, so no player) sees the match, then its start, live.
    await handles.server.deps.db.updateTable("channel").set({ is_live: 0 }).where("id", "=", channel.id).execute();
    const viewer = await (await visitor()).newPage();
    await viewer.goto(`${handles.server.url}/stream/${caster}`);
    const banner = viewer.getByRole("region", { name: "Le match de ce live" });
    await banner.getByText("Prochain match").waitFor();
    await banner.getByText("Scène").waitFor();
    await banner.getByRole("link", { name: "Finale LAN" }).waitFor();
    expect(await banner.getByRole("link", { name: "Finale LAN" }).getAttribute("href")).toBe(`/tournament/${id}?tab=brackets`);
    await first.getByRole("button", { name: "Démarrer", exact: true }).click();
    await page.getByRole("dialog", { name: "Démarrer le match" }).getByRole("button", { name: "Démarrer le match" }).click();
    await banner.getByText("En cours").waitFor();
    await banner.getByText("0 – 0").waitFor();
    // The bracket speaks in the channel's chat (item 2): the match announced, then started, set apart from people's lines.
    const chat = viewer.getByRole("log");
    await chat.locator(".chat-line-system", { hasText: "Prochain match au poste Scène" }).waitFor();
    await chat.locator(".chat-line-system", { hasText: "Le match commence au poste Scène" }).waitFor();
  });
});
