import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Dashboard } from "../../../../server/dashboard/schemas.ts";
import { api } from "../../../lib/api.ts";

/** The caller's role and its figures; under its own root key so a resolved report refreshes the counts. */
export const dashboardQueryOptions = () => queryOptions({ queryKey: ["dashboard"], queryFn: ({ signal }) => api<Dashboard>("/dashboard", { signal }) });

export const useDashboard = () => useQuery(dashboardQueryOptions());
