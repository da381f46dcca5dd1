import { createFileRoute } from "@tanstack/react-router";
import { TopUp } from "../features/wallet/components/wallet.tsx";

export const Route = createFileRoute("/top-up")({ component: TopUp });
