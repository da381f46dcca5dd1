import { z } from "zod";
import { numeric } from "../../shared/numeric.ts";

const NotificationSchema = z
  .object({
    id: z.number(),
    type: z.string(),
    link: z.string(),
    data: z.record(z.string(), z.union([z.string(), z.number()])),
    actor: z.object({ username: z.string(), avatar: z.string().nullable() }).nullable(),
    createdAt: z.string(),
    read: z.boolean(),
  })
  .meta({ id: "Notification" });
export type NotificationResponse = z.infer<typeof NotificationSchema>;

export const NotificationPageQuerySchema = z.object({
  page: numeric(z.number().int().min(1).optional().default(1)),
  limit: numeric(z.number().int().min(1).max(100).optional().default(20)),
});

export const NotificationPageResponseSchema = z.object({ success: z.literal(true), notifications: z.array(NotificationSchema), unread: z.number(), hasMore: z.boolean() });
export type NotificationPage = z.infer<typeof NotificationPageResponseSchema>;
export const NotificationsReadResponseSchema = z.object({ success: z.literal(true) });
export type NotificationsRead = z.infer<typeof NotificationsReadResponseSchema>;
