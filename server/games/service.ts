import type { Db } from "../../db/index.ts";
import type { Game } from "../../db/types.ts";
import { games as catalogue } from "../../db/seed/games.ts";
import type { AppDeps } from "../http/context.ts";
import { NotFoundError } from "../http/errors.ts";
import type { Language } from "../i18n/messages.ts";
import type { GameResponse } from "./schemas.ts";
import { fold } from "../../shared/fold.ts";

/** Brings the games table in line with the shipped catalogue at start-up: new titles appear, edited ones update (unless an admin edited them). */
export async function seedGames(db: Db): Promise<void> {
  for (const game of catalogue) {
    const row = {
      id: game.id,
      short_name: game.shortName,
      name: game.name,
      description_fr: game.description.fr,
      description_en: game.description.en,
      icon: game.icon,
      landscape_image: game.landscapeImage,
      portrait_image: game.portraitImage,
    };
    // A title an admin edited (or hid and edited) keeps the admin's version.
    await db
      .insertInto("game")
      .values(row)
      .onConflict((oc) => oc.column("id").doUpdateSet(row).where("game.edited_at", "is", null))
      .execute();
  }
}

export function toGameResponse(game: Game, lang: Language): GameResponse {
  return {
    id: game.id,
    _id: game.id,
    shortName: game.short_name,
    name: game.name,
    description: lang === "en" ? game.description_en : game.description_fr,
    icon: game.icon,
    landscapeImage: game.landscape_image,
    portraitImage: game.portrait_image,
  };
}

/** The catalogue members pick from: games an admin hid are left out (they still show where they were used). */
export async function listGames(deps: AppDeps): Promise<Game[]> {
  return deps.db.selectFrom("game").selectAll().where("hidden_at", "is", null).orderBy("name").execute();
}

export async function getGame(deps: AppDeps, id: number): Promise<Game> {
  const game = await deps.db.selectFrom("game").selectAll().where("id", "=", id).executeTakeFirst();
  if (!game) throw new NotFoundError("game_not_found");
  return game;
}

/** Case- and accent-insensitive; names that start with the words come first. */
export async function searchGames(deps: AppDeps, query: string, limit = 20): Promise<Game[]> {
  const needle = fold(query);
  if (!needle) return [];
  const all = await listGames(deps);
  const matches = all.filter((game) => fold(game.name).includes(needle) || fold(game.short_name).includes(needle));
  const rank = (game: Game) => (fold(game.name).startsWith(needle) || fold(game.short_name).startsWith(needle) ? 0 : 1);
  return matches.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name)).slice(0, limit);
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The home page's trending games: what is watched now first (viewers on live channels), then what is
 * live, then what was played lately (replays and tournaments of the last week); the catalogue's
 * curated order breaks ties, so an empty site still shows the best-known titles.
 */
export async function trendingGames(deps: AppDeps, limit: number): Promise<Game[]> {
  const since = deps.now() - WEEK_MS;
  const rows = await deps.db
    .selectFrom("game")
    .selectAll("game")
    .where("game.hidden_at", "is", null)
    .select((eb) => [
      eb
        .selectFrom("viewer_presence")
        .innerJoin("channel", "channel.id", "viewer_presence.channel_id")
        .whereRef("channel.game_id", "=", "game.id")
        .where("channel.is_live", "=", 1)
        .select((e) => e.fn.countAll<number>().as("n"))
        .as("viewers"),
      eb
        .selectFrom("channel")
        .whereRef("channel.game_id", "=", "game.id")
        .where("channel.is_live", "=", 1)
        .select((e) => e.fn.countAll<number>().as("n"))
        .as("lives"),
      eb
        .selectFrom("replay")
        .whereRef("replay.game_id", "=", "game.id")
        .where("replay.created_at", ">=", since)
        .where("replay.deleted_at", "is", null)
        .select((e) => e.fn.countAll<number>().as("n"))
        .as("replays"),
      eb
        .selectFrom("tournament")
        .whereRef("tournament.game_id", "=", "game.id")
        .where("tournament.created_at", ">=", since)
        .select((e) => e.fn.countAll<number>().as("n"))
        .as("tournaments"),
    ])
    .execute();
  const score = (row: (typeof rows)[number]) => [Number(row.viewers), Number(row.lives), Number(row.replays) + Number(row.tournaments)];
  return rows
    .sort((a, b) => {
      const [sa, sb] = [score(a), score(b)];
      for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return sb[i]! - sa[i]!;
      return a.id - b.id;
    })
    .slice(0, limit)
    .map(({ viewers: _v, lives: _l, replays: _r, tournaments: _t, ...game }) => game as Game);
}
