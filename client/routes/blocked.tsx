import { createFileRoute } from "@tanstack/react-router";
import { ErrorPage } from "../features/errors/components/error-page.tsx";

export const Route = createFileRoute("/blocked")({ component: () => <ErrorPage kind="blocked" /> });
