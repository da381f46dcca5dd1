import { createFileRoute } from "@tanstack/react-router";
import { useAuthOptions } from "../features/auth/api/get-auth-options.ts";
import { TopUp } from "../features/wallet/components/wallet.tsx";

export const Route = createFileRoute("/top-up")({ component: TopUpScreen });

function TopUpScreen() {
  return <TopUp testTopUp={useAuthOptions().data?.testTopUp === true} />;
}
