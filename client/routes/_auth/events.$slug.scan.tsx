import { createFileRoute } from "@tanstack/react-router";
import { DoorScanner } from "../../features/events/components/door-scanner.tsx";

export const Route = createFileRoute("/_auth/events/$slug/scan")({ component: ScanScreen });

function ScanScreen() {
  const { slug } = Route.useParams();
  return <DoorScanner key={slug} slug={slug} />;
}
