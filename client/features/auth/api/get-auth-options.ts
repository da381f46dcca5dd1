import { useQuery } from "@tanstack/react-query";
import type { AuthOptions } from "../../../../server/auth/schemas.ts";
import { api } from "../../../lib/api.ts";

export function useAuthOptions() {
  return useQuery({ queryKey: ["auth", "options"], queryFn: () => api<AuthOptions>("/auth/options"), staleTime: 5 * 60_000 });
}
