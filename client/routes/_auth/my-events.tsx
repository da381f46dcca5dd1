import { createFileRoute } from "@tanstack/react-router";
import { MyEvents } from "../../features/events/components/my-events.tsx";

export const Route = createFileRoute("/_auth/my-events")({ component: MyEvents });
