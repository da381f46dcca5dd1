import { createFileRoute } from "@tanstack/react-router";
import { WalletHistory } from "../../features/wallet/components/wallet.tsx";

// ?userId= is the badge's link (spec 02 §2); the page shows the caller's own ledger (admins read others' through the API).
export const Route = createFileRoute("/_auth/wallet/history")({ component: WalletHistory });
