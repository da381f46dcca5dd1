import { createFileRoute } from "@tanstack/react-router";
import { LegalViewer } from "../features/legal/components/legal-viewer.tsx";

export const Route = createFileRoute("/privacy-policy")({ component: PrivacyPolicyScreen });

/** The rgpd document in the generic viewer (spec 01 §2), inside the slim shell. */
function PrivacyPolicyScreen() {
  return <LegalViewer type="rgpd" />;
}
