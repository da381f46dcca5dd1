import { useTranslation } from "react-i18next";
import { Skeleton } from "../../components/skeleton.tsx";
import { useSession } from "../../lib/session.ts";
import { useEvent } from "./api.ts";
import { EventForm } from "./event-form.tsx";

/** /events/create and /create-event. */
export function CreateEventPage() {
  const { t } = useTranslation("events-ui");
  return (
    <main className="page events-page">
      <h1>{t("create_event_title")}</h1>
      <EventForm />
    </main>
  );
}

/** /events/{slug}/edit: the same form, filled; only the organiser (or an admin) may save, the server checks. */
export function EditEventPage({ slug }: { slug: string }) {
  const { t } = useTranslation("events-ui");
  const { user } = useSession();
  const event = useEvent(slug);
  if (event.isPending) return <main className="page"><Skeleton height={320} /></main>;
  if (event.isError) return <main className="page"><p className="field-error">{t("event_not_found")}</p></main>;
  const mayEdit = user !== null && (String(user.id) === event.data.createdBy || user.role === "admin");
  return (
    <main className="page events-page">
      <h1>{t("edit_event_title", { name: event.data.name })}</h1>
      {mayEdit ? <EventForm event={event.data} /> : <p className="field-error">{t("not_your_event")}</p>}
    </main>
  );
}
