import { createFileRoute } from "@tanstack/react-router";
import { ErrorPage } from "../features/errors/components/error-page.tsx";

export const Route = createFileRoute("/404")({ component: () => <ErrorPage kind="not_found" /> });
