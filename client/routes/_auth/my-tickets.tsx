import { createFileRoute } from "@tanstack/react-router";
import { MyTickets } from "../../features/events/components/my-tickets.tsx";
import { myTicketsQueryOptions } from "../../features/events/api/tickets.ts";
import { startQuery } from "../../lib/routing.ts";

export const Route = createFileRoute("/_auth/my-tickets")({
  loader: ({ context }) => startQuery(context.queryClient, myTicketsQueryOptions()),
  component: MyTickets,
});
