import { describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { inEveryLook, newMemberContext, useServerAndBrowser } from "../fixtures/e2e.ts";
import { signedInUser } from "../fixtures/server.ts";

// SRT ingest in the web app (issue 37, item 4): the switch and the masked srt:// address in the channel settings and
// in the Go Live dialog. No ingest here (nothing listens: server/srt/srt-live.test.ts pushes a real caller), so the
// range binds nothing. SCREENSHOTS=1 also writes the dialog's SRT part at phone and desktop width, dark and light.
const handles = useServerAndBrowser({ SRT_PORTS: "9000-9049" });

/** Fills the Go Live details and opens its credentials step. */
async function openCredentials(page: Page) {
  await page.goto(handles.server.url);
  await page.getByRole("button", { name: "Lancer un live" }).first().click();
  const details = page.getByRole("dialog", { name: "Commencer" });
  await details.getByRole("textbox", { name: "Titre" }).fill("Direct en SRT");
  await details.getByRole("combobox", { name: "Jeu" }).click();
  await details.getByRole("option", { name: "Counter-Strike 2" }).click();
  await details.getByRole("button", { name: "Valider" }).click();
  return page.getByRole("dialog", { name: "Configuration du live" });
}

describe("SRT in the web app", () => {
  it("turns SRT on in the channel settings, shows the masked address, and turns it off in the Go Live dialog", async () => {
    const { context, api } = await newMemberContext(handles);
    const page = await context.newPage();
    await page.goto(`${handles.server.url}/settings`);
    await page.getByRole("tab", { name: "Chaîne" }).click();
    await page.getByRole("switch", { name: "Recevoir aussi en SRT" }).click();
    const address = page.getByLabel("Adresse SRT", { exact: true });
    expect(await address.getAttribute("type")).toBe("password");
    const answered = (await api.get("/api/stream/mysrt")).body as { enabled: boolean; address: string };
    expect(answered.enabled).toBe(true);
    expect(await address.inputValue()).toBe(answered.address);
    expect(answered.address).toMatch(/^srt:\/\/127\.0\.0\.1:90\d\d\?passphrase=[0-9a-f]{32}&pbkeylen=32$/);
    await page.getByRole("button", { name: "Afficher : Adresse SRT" }).click();
    expect(await address.getAttribute("type")).toBe("text");

    const setup = await openCredentials(page);
    const toggle = setup.getByRole("switch", { name: "Recevoir aussi en SRT" });
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    await setup.getByRole("button", { name: "Copier l'adresse SRT" }).waitFor();
    await toggle.click();
    await setup.getByLabel("Adresse SRT", { exact: true }).waitFor({ state: "detached" });
    expect((await api.get("/api/stream/mysrt")).body).toMatchObject({ enabled: false, address: null });
  }, 60_000);

  it("explains why the switch is off on a server without SRT", async () => {
    const { context, api } = await newMemberContext(handles);
    // As a server without SRT_PORTS answers (server/srt/routes.test.ts checks the real one).
    await context.route("**/api/stream/mysrt", (route) => route.fulfill({ json: { success: true, available: false, enabled: false, address: null } }));
    const page = await context.newPage();
    await page.goto(`${handles.server.url}/settings`);
    await page.getByRole("tab", { name: "Chaîne" }).click();
    expect(await page.getByRole("switch", { name: "Recevoir aussi en SRT" }).isDisabled()).toBe(true);
    await page.getByText("L'envoi en SRT n'est pas activé sur ce serveur").waitFor();
    expect((await api.get("/api/stream/mysrt")).body.enabled).toBe(false);
  }, 60_000);

  if (process.env.SCREENSHOTS)
    it("shows the SRT address in the Go Live dialog (screenshots)", async () => {
      const streamer = await signedInUser(handles.server);
      await streamer.browser.put("/api/stream/mysrt", { enabled: true });
      await inEveryLook(handles, streamer, null, async (page, save) => {
        const setup = await openCredentials(page);
        await setup.getByLabel("Adresse SRT", { exact: true }).scrollIntoViewIfNeeded();
        await save("go-live-srt");
      });
    }, 120_000);
});
