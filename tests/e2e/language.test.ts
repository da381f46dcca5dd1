import { describe, expect, it } from "bun:test";
import { useServerAndBrowser, visitorContext } from "../fixtures/e2e.ts";

const env = useServerAndBrowser();

const context = () => visitorContext(env.browser);

describe("language", () => {
  it("switches to English from the top bar, from the static file, and keeps it after a reload", async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const staticLoads: string[] = [];
    page.on("request", (request) => request.url().includes("/static/translations/") && staticLoads.push(request.url()));
    await page.goto(env.server.url);
    await page.getByRole("heading", { name: "Bienvenue sur Arena" }).waitFor();
    await page.getByRole("combobox", { name: "Langue" }).selectOption("en");
    await page.getByRole("heading", { name: "Welcome to Arena" }).waitFor();
    expect(staticLoads.some((url) => url.endsWith("/static/translations/en.json"))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.reload();
    await page.getByRole("heading", { name: "Welcome to Arena" }).waitFor();
    await ctx.close();
  });

  it("falls back to the browser cache when the static file cannot be had", async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(env.server.url);
    await page.getByRole("combobox", { name: "Langue" }).selectOption("en");
    await page.getByRole("heading", { name: "Welcome to Arena" }).waitFor();
    await page.route("**/static/translations/**", (route) => route.abort());
    await page.reload();
    await page.getByRole("heading", { name: "Welcome to Arena" }).waitFor();
    await page.goto(`${env.server.url}/translation-test`);
    await page.getByText("texts from: the browser cache").waitFor();
    await ctx.close();
  });

  it("translates through /api/translate in batches of 10 when neither file nor cache is there", async () => {
    const ctx = await context();
    await ctx.addInitScript(() => localStorage.setItem("language", "en"));
    const page = await ctx.newPage();
    await page.route("**/static/translations/**", (route) => route.abort());
    const batches: number[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/translate")) batches.push((JSON.parse(request.postData() ?? "{}").text as string[]).length);
    });
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/translate"));
    await page.goto(`${env.server.url}/translation-test`);
    const first = await (await answered).json();
    expect(first.success).toBe(true);
    expect(batches[0]).toBe(10);
    await page.getByText(/translation by \/api\/translate|traduction par \/api\/translate/).waitFor();
    await ctx.close();
  });

  it("switches the theme and remembers it", async () => {
    const ctx = await context();
    await ctx.addInitScript(() => localStorage.getItem("darkMode") === null && localStorage.setItem("darkMode", "true"));
    const page = await ctx.newPage();
    await page.goto(env.server.url);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await page.getByRole("button", { name: "Passer au thème clair" }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await page.reload();
    await page.getByRole("button", { name: "Passer au thème sombre" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await ctx.close();
  });
});
