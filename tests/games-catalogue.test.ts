import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { games } from "../db/seed/games.ts";

const publicDir = join(import.meta.dir, "../client/public");

/** Checks the markup is well formed: every tag closes in order and every attribute value is quoted. */
function wellFormed(svg: string): string | null {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let match = tag.exec(svg); match; match = tag.exec(svg)) {
    if (svg.slice(last, match.index).includes("<")) return `stray "<" before offset ${match.index}`;
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = match;
    if (closing) {
      if (stack.pop() !== name) return `unexpected </${name}>`;
    } else if (!selfClosing) stack.push(name!);
  }
  if (svg.slice(last).includes("<")) return "unparsed markup at the end";
  return stack.length ? `unclosed <${stack.join(">, <")}>` : null;
}

describe("games catalogue", () => {
  test("has at least 20 games with ids 1..N", () => {
    expect(games.length).toBeGreaterThanOrEqual(20);
    expect(games.map((game) => game.id)).toEqual(games.map((_, i) => i + 1));
  });

  test("ids, short names and names are unique", () => {
    for (const key of ["id", "shortName", "name"] as const) {
      const values = games.map((game) => (typeof game[key] === "string" ? (game[key] as string).toLowerCase() : game[key]));
      expect(new Set(values).size).toBe(games.length);
    }
  });

  test("keeps the titles other code refers to by name", () => {
    const names = games.map((game) => game.name);
    for (const name of ["League of Legends", "Counter-Strike 2", "Valorant", "Dota 2", "Rocket League", "Street Fighter 6"]) expect(names).toContain(name);
    expect(games[0]!.name).toBe("League of Legends");
    expect(games[1]!.name).toBe("Counter-Strike 2");
  });

  test("every game has a non-empty short name, name and description in both languages", () => {
    for (const game of games) {
      expect(game.shortName.trim()).not.toBe("");
      expect(game.shortName.length).toBeLessThanOrEqual(12);
      expect(game.name.trim()).not.toBe("");
      expect(game.description.fr.trim().length).toBeGreaterThan(40);
      expect(game.description.en.trim().length).toBeGreaterThan(40);
      expect(game.description.fr).not.toBe(game.description.en);
    }
  });

  test("image paths follow /games/<slug>/{icon,landscape,portrait}.svg", () => {
    for (const game of games) {
      const slug = game.icon.split("/")[2];
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(game.icon).toBe(`/games/${slug}/icon.svg`);
      expect(game.landscapeImage).toBe(`/games/${slug}/landscape.svg`);
      expect(game.portraitImage).toBe(`/games/${slug}/portrait.svg`);
    }
    expect(new Set(games.map((game) => game.icon)).size).toBe(games.length);
  });

  test("every referenced image exists, is a small self-contained SVG and is well formed", () => {
    for (const game of games) {
      for (const path of [game.icon, game.landscapeImage, game.portraitImage]) {
        const file = join(publicDir, path);
        expect(existsSync(file), path).toBe(true);
        expect(statSync(file).size, path).toBeLessThan(4096);
        const svg = readFileSync(file, "utf8");
        expect(svg.startsWith("<svg"), path).toBe(true);
        expect(svg, path).toMatch(/<svg[^>]*\sviewBox="0 0 \d+ \d+"/);
        expect(svg, path).toMatch(/<svg[^>]*\swidth="\d+"[^>]*\sheight="\d+"/);
        expect(svg.replaceAll('xmlns="http://www.w3.org/2000/svg"', ""), path).not.toContain("http");
        expect(svg.toLowerCase(), path).not.toContain("<script");
        expect(svg.toLowerCase(), path).not.toContain("<image");
        expect(svg.toLowerCase(), path).not.toMatch(/\son\w+=/);
        expect(wellFormed(svg), path).toBeNull();
      }
    }
  });

  test("the viewBox matches the format: square icon, 16:9 landscape, 3:4 portrait", () => {
    const ratio = (path: string) => {
      const [, w, h] = readFileSync(join(publicDir, path), "utf8").match(/viewBox="0 0 (\d+) (\d+)"/)!;
      return Number(w) / Number(h);
    };
    for (const game of games) {
      expect(ratio(game.icon)).toBeCloseTo(1, 3);
      expect(ratio(game.landscapeImage)).toBeCloseTo(16 / 9, 3);
      expect(ratio(game.portraitImage)).toBeCloseTo(3 / 4, 3);
    }
  });
});
