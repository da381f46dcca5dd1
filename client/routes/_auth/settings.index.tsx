import { createFileRoute } from "@tanstack/react-router";
import { SettingsPage } from "../../features/settings/components/settings-page.tsx";

export const Route = createFileRoute("/_auth/settings/")({ component: SettingsPage });
