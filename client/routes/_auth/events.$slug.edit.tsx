import { createFileRoute } from "@tanstack/react-router";
import { EditEventPage } from "../../features/events/components/event-form-pages.tsx";

export const Route = createFileRoute("/_auth/events/$slug/edit")({ component: EditEventScreen });

function EditEventScreen() {
  const { slug } = Route.useParams();
  return <EditEventPage key={slug} slug={slug} />;
}
