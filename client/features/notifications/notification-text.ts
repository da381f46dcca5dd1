import type { TFunction } from "i18next";
import type { NotificationResponse } from "../../../server/notifications/schemas.ts";
import "../../i18n/screens/notifications.ts";

/**
 * Whether a notification leads off the site: a fediverse post or reply links to its page on its own server (opened
 * in a new tab, without giving it this page); every other link is one of the site's paths.
 */
export const isExternalLink = (link: string) => /^https?:\/\//i.test(link);

/** A notification's sentence in the reader's language, from its type and the words it carries. */
export function notificationText(t: TFunction, notification: NotificationResponse): string {
  return t(`notifications:type_${notification.type}`, { ...notification.data, defaultValue: t("notifications:type_other") });
}
