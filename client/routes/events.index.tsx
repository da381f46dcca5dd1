import { createFileRoute } from "@tanstack/react-router";
import { EventsList } from "../features/events/components/events-list.tsx";

export const Route = createFileRoute("/events/")({ component: EventsList });
