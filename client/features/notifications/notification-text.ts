import type { TFunction } from "i18next";
import type { NotificationResponse } from "../../../server/notifications/schemas.ts";
import "../../i18n/screens/notifications.ts";

/** A notification's sentence in the reader's language, from its type and the words it carries. */
export function notificationText(t: TFunction, notification: NotificationResponse): string {
  return t(`notifications:type_${notification.type}`, { ...notification.data, defaultValue: t("notifications:type_other") });
}
