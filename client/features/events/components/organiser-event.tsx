import { Navigate } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useSession } from "../../../data/session.ts";
import { toast } from "../../../lib/ui.ts";
import { type EventDetail, useEvent } from "../api/get-event.ts";
import "../../../i18n/screens/events-ui.ts";

interface OrganiserEventProps {
  slug: string;
  /** Why a stranger may not see the screen. */
  refusal: string;
  /** What a failed load says (other than an unknown event). */
  failure?: string;
  /** Moderators may open it too (the manage page's streamer panel, spec 02 §6). */
  moderators?: boolean;
  /** Send a stranger back to the event page with the refusal as a toast, rather than showing it here. */
  redirect?: boolean;
  children: (event: EventDetail) => ReactNode;
}

/**
 * The organiser's screens (edit, manage, door): the event once loaded, or why not — still loading,
 * unknown, or not the caller's to run. The server checks the same on every call; this only spares
 * a stranger a screen whose every button would be refused.
 */
export function OrganiserEvent({ slug, refusal, failure, moderators = false, redirect = false, children }: OrganiserEventProps) {
  const { t } = useTranslation("events-ui");
  const { user } = useSession();
  const event = useEvent(slug);
  const allowed = event.data !== undefined && user !== null && (String(user.id) === event.data.createdBy || user.role === "admin" || (moderators && user.role === "moderator"));
  const refused = event.data !== undefined && !allowed;
  useEffect(() => {
    if (refused && redirect) toast.error(refusal);
  }, [refused, redirect, refusal]);
  if (event.data === undefined)
    return (
      <main className="page">
        <QueryState
          page
          query={event}
          pending={<Skeleton height={320} />}
          failure={(error) => (error instanceof ApiError && error.status === 404 ? { text: t("event_not_found"), retry: false } : (failure ?? t("event_load_failed")))}
        />
      </main>
    );
  if (refused && redirect) return <Navigate to="/events/$slug" params={{ slug }} replace />;
  if (refused)
    return (
      <main className="page">
        <p className="field-error" role="alert">
          {refusal}
        </p>
      </main>
    );
  return children(event.data);
}
