import { createFileRoute } from "@tanstack/react-router";
import { LatestVideo } from "../features/replays/components/latest-video.tsx";

export const Route = createFileRoute("/video/1")({ component: LatestVideo });
