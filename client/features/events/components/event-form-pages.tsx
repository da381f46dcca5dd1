import { useTranslation } from "react-i18next";
import { EventForm, type TournamentSelectType } from "./event-form.tsx";
import { OrganiserEvent } from "./organiser-event.tsx";
import "../../../i18n/screens/events-ui.ts";

/** /events/create and /create-event. */
export function CreateEventPage({ TournamentSelect }: { TournamentSelect: TournamentSelectType }) {
  const { t } = useTranslation("events-ui");
  return (
    <main className="page events-page">
      <h1>{t("create_event_title")}</h1>
      <EventForm TournamentSelect={TournamentSelect} />
    </main>
  );
}

/** /events/{slug}/edit: the same form, filled; only the organiser (or an admin) may save, the server checks. */
export function EditEventPage({ slug, TournamentSelect }: { slug: string; TournamentSelect: TournamentSelectType }) {
  const { t } = useTranslation("events-ui");
  return (
    <OrganiserEvent slug={slug} refusal={t("not_your_event")}>
      {(event) => (
        <main className="page events-page">
          <h1>{t("edit_event_title", { name: event.name })}</h1>
          <EventForm event={event} TournamentSelect={TournamentSelect} />
        </main>
      )}
    </OrganiserEvent>
  );
}
