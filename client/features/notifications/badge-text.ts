/** The bell's badge: the unread count, capped at "+99" (spec 01 §5). In every first load, unlike the notifications' texts. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? "+99" : String(unread);
}
