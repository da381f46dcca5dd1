import { z } from "zod";
import { numeric } from "../http/numbers.ts";

export const GameResponseSchema = z
  .object({
    id: z.number(),
    _id: z.number(),
    shortName: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.string(),
    landscapeImage: z.string(),
    portraitImage: z.string(),
  })
  .meta({ id: "Game" });
export type GameResponse = z.infer<typeof GameResponseSchema>;

export const GameIdParamSchema = z.object({ id: numeric(z.number().int().positive()) });
export const GameSearchQuerySchema = z.object({ q: z.string().max(100).optional().default("") });

export const GameListResponseSchema = z.object({ success: z.literal(true), games: z.array(GameResponseSchema) });
export type GameList = z.infer<typeof GameListResponseSchema>;
export const GameDetailResponseSchema = z.object({ success: z.literal(true), game: GameResponseSchema });
export type GameDetail = z.infer<typeof GameDetailResponseSchema>;
