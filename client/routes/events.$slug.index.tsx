import { createFileRoute } from "@tanstack/react-router";
import { EventPage } from "../features/events/components/event-page.tsx";

export const Route = createFileRoute("/events/$slug/")({ component: EventScreen });

function EventScreen() {
  const { slug } = Route.useParams();
  return <EventPage key={slug} slug={slug} />;
}
