import type { TFunction } from "i18next";
import type { NotificationResponse } from "../../../server/notifications/schemas.ts";

/** A notification's sentence in the reader's language, from its type and the words it carries. */
export function notificationText(t: TFunction, notification: NotificationResponse): string {
  return t(`notifications:type_${notification.type}`, { ...notification.data, defaultValue: t("notifications:type_other") });
}

/** The bell's badge: the unread count, capped at "+99" (spec 01 §5). */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? "+99" : String(unread);
}
