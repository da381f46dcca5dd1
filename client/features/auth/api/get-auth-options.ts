import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AuthOptions } from "../../../../server/auth/schemas.ts";
import { api } from "../../../lib/api.ts";

const getAuthOptions = (signal?: AbortSignal) => api<AuthOptions>("/auth/options", { signal });

/** What this server offers (providers, captcha, the test top-up): read once, shared by every screen that asks. */
const authOptionsQueryOptions = () => queryOptions({ queryKey: ["auth", "options"], queryFn: ({ signal }) => getAuthOptions(signal), staleTime: 5 * 60_000 });

export const useAuthOptions = () => useQuery(authOptionsQueryOptions());
