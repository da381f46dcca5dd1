import { z } from "zod";
import { numeric } from "../../shared/numeric.ts";

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

// The catalogue as admins keep it (server/games/catalogue.ts, issue 20).
const AdminGameSchema = z.object({
  id: z.number(),
  name: z.string(),
  shortName: z.string(),
  descriptionFr: z.string(),
  descriptionEn: z.string(),
  icon: z.string(),
  portraitImage: z.string(),
  landscapeImage: z.string(),
  hidden: z.boolean(),
  edited: z.boolean(),
});
export const AdminGameListSchema = z.object({ success: z.literal(true), games: z.array(AdminGameSchema) }).meta({ id: "AdminGames" });
export const AdminGameAnswerSchema = z.object({ success: z.literal(true), game: AdminGameSchema });

export const GameInputSchema = z.object({
  name: z.string({ error: "game_name_invalid" }).trim().min(1, "game_name_invalid").max(80, "game_name_invalid"),
  shortName: z.string({ error: "game_name_invalid" }).trim().min(1, "game_name_invalid").max(20, "game_name_invalid"),
  descriptionFr: z.string().trim().max(2000, "invalid_input").optional().default(""),
  descriptionEn: z.string().trim().max(2000, "invalid_input").optional().default(""),
});
export const GamePictureParamSchema = z.object({ id: numeric(z.number().int().positive()), picture: z.enum(["icon", "portrait", "landscape"]) });
export const GameUploadSchema = z.object({ filename: z.any().optional() });
