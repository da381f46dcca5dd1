import { createFileRoute } from "@tanstack/react-router";
import { MyTickets } from "../../features/events/components/my-tickets.tsx";

export const Route = createFileRoute("/_auth/my-tickets")({ component: MyTickets });
