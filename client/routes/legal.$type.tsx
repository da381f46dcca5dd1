import { createFileRoute } from "@tanstack/react-router";
import { LegalViewer } from "../features/legal/components/legal-viewer.tsx";

export const Route = createFileRoute("/legal/$type")({ component: LegalScreen });

function LegalScreen() {
  const { type } = Route.useParams();
  return <LegalViewer type={type} />;
}
