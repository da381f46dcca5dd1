import { Lock, Ticket, Trophy } from "lucide-react";
import type { StreamResponse } from "../../server/channels/schemas.ts";

type WatchAccess = StreamResponse["watchAccess"];

/**
 * The lock of a restricted live (issue 18, item 4) on its card and its page: a ticket for ticket
 * holders, a trophy for a tournament's entrants, a padlock for members. Nothing for an open live.
 */
export function AccessBadge({ access, label }: { access: WatchAccess; label: string }) {
  if (access === "everyone") return null;
  const Icon = access === "ticket" ? Ticket : access === "entrants" ? Trophy : Lock;
  return (
    <span className="access-badge">
      <Icon size={12} aria-hidden /> {label}
    </span>
  );
}
