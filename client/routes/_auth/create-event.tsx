import { createFileRoute } from "@tanstack/react-router";
import { CreateEventScreen } from "./-components/event-form-screens.tsx";

export const Route = createFileRoute("/_auth/create-event")({ component: CreateEventScreen });
