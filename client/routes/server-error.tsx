import { createFileRoute } from "@tanstack/react-router";
import { ErrorPage } from "../features/errors/components/error-page.tsx";

export const Route = createFileRoute("/server-error")({ component: () => <ErrorPage kind="server_error" /> });
