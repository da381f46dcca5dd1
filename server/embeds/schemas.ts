import { z } from "zod";
import { numeric } from "../../shared/numeric.ts";

// oEmbed 1.0 (https://oembed.com): a consumer (a forum, a CMS) asks what to show for a page of this site.

export const OEmbedQuerySchema = z.object({
  url: z.string({ error: "embed_not_found" }).min(1, "embed_not_found").max(2000, "embed_not_found"),
  format: z.string().max(10).optional().default("json"),
  maxwidth: numeric(z.number().int().min(1).max(10_000).optional()),
  maxheight: numeric(z.number().int().min(1).max(10_000).optional()),
});
export type OEmbedQuery = z.infer<typeof OEmbedQuerySchema>;

export const OEmbedSchema = z
  .object({
    version: z.literal("1.0"),
    /** video: a channel's player; rich: a bracket, an event's card. */
    type: z.enum(["video", "rich"]),
    title: z.string(),
    author_name: z.string(),
    author_url: z.string(),
    provider_name: z.string(),
    provider_url: z.string(),
    html: z.string(),
    width: z.number(),
    height: z.number(),
    thumbnail_url: z.string().optional(),
    thumbnail_width: z.number().optional(),
    thumbnail_height: z.number().optional(),
  })
  .meta({ id: "OEmbed" });
export type OEmbed = z.infer<typeof OEmbedSchema>;
