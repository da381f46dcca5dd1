import { createFileRoute } from "@tanstack/react-router";
import { CreateEventPage } from "../../features/events/components/event-form-pages.tsx";

export const Route = createFileRoute("/_auth/events/create")({ component: CreateEventPage });
