import { createFileRoute } from "@tanstack/react-router";
import { StreamPreview } from "../../features/streams/components/stream-preview.tsx";

export const Route = createFileRoute("/_auth/preview")({ component: StreamPreview });
