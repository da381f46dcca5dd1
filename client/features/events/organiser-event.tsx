import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "../../components/skeleton.tsx";
import { useSession } from "../../lib/session.ts";
import { type EventDetail, useEvent } from "./api.ts";

/**
 * The organiser's screens (edit, manage, door): the event once loaded, or why not — still loading,
 * unknown, or not the caller's to run. The server checks the same on every call; this only spares
 * a stranger a screen whose every button would be refused.
 */
export function OrganiserEvent({ slug, refusal, children }: { slug: string; refusal: string; children: (event: EventDetail) => ReactNode }) {
  const { t } = useTranslation("events-ui");
  const { user } = useSession();
  const event = useEvent(slug);
  if (event.isPending) return <main className="page"><Skeleton height={320} /></main>;
  if (event.isError) return <main className="page"><p className="field-error">{t("event_not_found")}</p></main>;
  const isOrganiser = user !== null && (String(user.id) === event.data.createdBy || user.role === "admin");
  if (!isOrganiser) return <main className="page"><p className="field-error" role="alert">{refusal}</p></main>;
  return children(event.data);
}
