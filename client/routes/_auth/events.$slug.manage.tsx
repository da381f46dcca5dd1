import { createFileRoute } from "@tanstack/react-router";
import { ManageEvent } from "../../features/events/components/manage-event.tsx";

export const Route = createFileRoute("/_auth/events/$slug/manage")({ component: ManageScreen });

function ManageScreen() {
  const { slug } = Route.useParams();
  return <ManageEvent key={slug} slug={slug} />;
}
