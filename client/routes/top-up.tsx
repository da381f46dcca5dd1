import { createFileRoute } from "@tanstack/react-router";
import { TopUp } from "../features/wallet/wallet.tsx";

export const Route = createFileRoute("/top-up")({ component: TopUp });
