import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../features/discovery/components/home-page.tsx";

export const Route = createFileRoute("/")({ component: HomePage });
