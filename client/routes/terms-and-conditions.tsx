import { createFileRoute } from "@tanstack/react-router";
import { TermsPage } from "../features/legal/components/terms-page.tsx";

export const Route = createFileRoute("/terms-and-conditions")({ component: TermsPage });
