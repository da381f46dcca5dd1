import { z } from "zod";
import { StreamResponseSchema } from "../channels/schemas.ts";
import { GameResponseSchema } from "../games/schemas.ts";
import { ReplaySchema } from "../replays/schemas.ts";
import { TournamentSummaryResponseSchema } from "../tournaments/schemas.ts";

/** A person found by name; `isVerified` repeats `verified` because the screens read either. */
const FoundUserResponseSchema = z
  .object({
    id: z.number(),
    username: z.string(),
    avatar: z.string().nullable(),
    isVerified: z.boolean(),
    verified: z.boolean(),
    followers: z.number(),
    isFollowed: z.boolean(),
    isLive: z.boolean(),
    url: z.string(),
  })
  .meta({ id: "FoundUser" });
export type FoundUser = z.infer<typeof FoundUserResponseSchema>;

/** Each section best matches first; all empty for an empty term. */
export const SearchResponseSchema = z.object({
  success: z.literal(true),
  games: z.array(GameResponseSchema),
  users: z.array(FoundUserResponseSchema),
  lives: z.array(StreamResponseSchema),
  videos: z.array(ReplaySchema),
  tournaments: z.array(TournamentSummaryResponseSchema),
});
export type SearchResults = z.infer<typeof SearchResponseSchema>;
