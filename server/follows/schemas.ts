import { z } from "zod";

/** The channel to follow or unfollow: its id, or its ARN as the stream pages know it. */
export const FollowInputSchema = z.object({ channelId: z.union([z.string().regex(/^[a-f0-9]{1,64}$/), z.number().int().positive()], { error: "invalid_input" }) });

/** After a follow or an unfollow: the followed side's new follower count. */
export const FollowResponseSchema = z.object({ success: z.literal(true), message: z.string(), followers: z.number() });
export type FollowAnswer = z.infer<typeof FollowResponseSchema>;

const FollowerResponseSchema = z
  .object({ id: z.number(), url: z.string(), avatar: z.string().nullable(), username: z.string(), isVerified: z.boolean(), followers: z.number() })
  .meta({ id: "Follower" });
export type Follower = z.infer<typeof FollowerResponseSchema>;

/** A page of 20 followers; `total` counts them all. */
export const FollowerPageResponseSchema = z.object({ success: z.literal(true), followers: z.array(FollowerResponseSchema), hasMore: z.boolean(), total: z.number() });
export type FollowerPage = z.infer<typeof FollowerPageResponseSchema>;
